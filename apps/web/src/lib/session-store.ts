/** The sign-in token, kept in localStorage under the key of SPEC §9, and why the last session ended. */
import { TOKEN_STORAGE_KEY } from '@campus/contract';
import { forgetAnswers, forgetPersonalData } from '../pwa/personal-data';

/** Where the reason is kept for this tab, so that reloading the sign-in screen still gives it. */
const ENDED_NOTICE_KEY = 'campusSessionEnded';

function keepNotice(notice: string | undefined): void {
  try {
    if (notice === undefined) sessionStorage.removeItem(ENDED_NOTICE_KEY);
    else sessionStorage.setItem(ENDED_NOTICE_KEY, notice);
  } catch {
    // Storage refused (a private window's quota): the reason lasts until the page is left.
  }
}

function keptNotice(): string | undefined {
  try {
    return sessionStorage.getItem(ENDED_NOTICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

let endedNotice: string | undefined = keptNotice();

export const getToken = (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY);
/**
 * The page this tab was on when its person signed out on purpose (Logout): the sign-in screen it
 * leads to starts afresh, so the next person on the phone does not land on the page the last one left.
 */
let signedOutFrom: string | null = null;
const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;
export const signedOutOnPurpose = (page: { pathname: string; search: string; hash: string }): boolean => {
  const at = `${page.pathname}${page.search}${page.hash}`;
  return signedOutFrom === at || signingOutFrom === at;
};
/** The page a Logout began on, while it runs: a 401 answered meanwhile is that sign-out, not an ended session. */
let signingOutFrom: string | null = null;
export const beginSignOut = (): void => {
  signingOutFrom = here();
};

export const setToken = (token: string): void => {
  signedOutFrom = null;
  signingOutFrom = null;
  endedNotice = undefined;
  keepNotice(undefined);
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  // What the device kept of anyone else goes (decision record 0087).
  void forgetPersonalData(token);
};
/** Signs out on purpose: no reason to give. */
export const clearToken = (): void => {
  signedOutFrom = signingOutFrom ?? here();
  signingOutFrom = null;
  endedNotice = undefined;
  keepNotice(undefined);
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  // Nothing of the person stays on the device: their kept screens and any marks still queued.
  void forgetPersonalData(null);
};

/**
 * Ends the session for a reason the sign-in screen will show. The reason outlives the token, so a
 * guard that renders after the token is gone (a second call answering 401 later, or the page reloaded
 * in this tab) says the same thing rather than a plain "sign in to continue".
 */
export function endSession(notice: string): void {
  signedOutFrom = signingOutFrom;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  // The screens kept for the token go with it; marks still queued wait for the same person's
  // next sign-in (anyone else's deletes them).
  void forgetAnswers().catch(() => undefined);
  if (signingOutFrom !== null) return;
  endedNotice = notice;
  keepNotice(notice);
}

/** Why the session ended, until the next sign-in; undefined when the user simply is not signed in. */
export const sessionEndedNotice = (): string | undefined => endedNotice;
