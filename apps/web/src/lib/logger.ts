/** List load failures are logged as well as shown with a retry; tests silence `logger.error`. */
import { useEffect } from 'react';

export const logger = {
  error(context: string, error: unknown): void {
    console.error(context, error);
  },
};

/** Logs a list query's failure once per error. */
export function useLoggedError(error: Error | null, context: string): void {
  useEffect(() => {
    if (error) logger.error(context, error);
  }, [error, context]);
}
