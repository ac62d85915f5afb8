/** Code a screen may need next, loaded while its reader looks at what is already shown. */
import { useEffect } from 'react';

/** How long after a screen shows the code it may need next starts loading: its own requests go first. */
const LOAD_SOON_DELAY_MS = 1000;

/**
 * Starts `load` a second after the component first shows, so that code the screen will need (a form
 * behind a tab, a form's check) has arrived by the time it is asked for. A failed load is left to
 * the use that needs it, which reports it.
 */
export function useLoadSoon(load: () => Promise<unknown>): void {
  useEffect(() => {
    const timer = setTimeout(() => void load().catch(() => undefined), LOAD_SOON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [load]);
}
