/** The sign-in token, kept in localStorage under the key of SPEC §9, and why the last session ended. */
import { TOKEN_STORAGE_KEY } from '@campus/contract';

let endedNotice: string | undefined;

export const getToken = (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string): void => {
  endedNotice = undefined;
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
};
/** Signs out on purpose: no reason to give. */
export const clearToken = (): void => {
  endedNotice = undefined;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
};

/**
 * Ends the session for a reason the sign-in screen will show. The reason outlives the token, so a
 * guard that renders after the token is gone (a second call answering 401 later) says the same thing
 * rather than a plain "sign in to continue".
 */
export function endSession(notice: string): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  endedNotice = notice;
}

/** Why the session ended, until the next sign-in; undefined when the user simply is not signed in. */
export const sessionEndedNotice = (): string | undefined => endedNotice;
