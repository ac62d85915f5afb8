/**
 * What the sign-in screen is told when a user is sent to it: a notice saying why, and the page they
 * were on or asked for, so that signing in again returns them there.
 */
import type { Role } from '@campus/contract';
import { ROLE_HOME } from '@campus/contract';

export interface SignInState {
  notice?: string;
  from?: string;
}

/**
 * Why the sign-in screen was shown, by the English words that travel in router state (and are kept
 * while a session's end is remembered); the screen shows each in its language (`signIn.notices.*`).
 */
export const SIGN_IN_NOTICES = {
  sessionEnded: 'Your session has ended. Please sign in again.',
  signedOutElsewhere: 'You were signed out in another tab. Please sign in again.',
  signInToContinue: 'Please sign in to continue.',
} as const;

export const SESSION_ENDED = SIGN_IN_NOTICES.sessionEnded;
export const SIGNED_OUT_ELSEWHERE = SIGN_IN_NOTICES.signedOutElsewhere;
export const SIGN_IN_TO_CONTINUE = SIGN_IN_NOTICES.signInToContinue;

/** A notice in the page's language through `t` (the common catalogue's); an unknown one as it came. */
export function noticeIn(t: (key: string) => string, notice: string): string {
  const key = Object.keys(SIGN_IN_NOTICES).find(
    (k) => SIGN_IN_NOTICES[k as keyof typeof SIGN_IN_NOTICES] === notice,
  );
  return key ? t(`signIn.notices.${key}`) : notice;
}

export function signInState(
  notice: string | undefined,
  location: { pathname: string; search: string; hash: string },
): SignInState {
  const from = `${location.pathname}${location.search}${location.hash}`;
  return { ...(notice ? { notice } : {}), ...(from !== '/' ? { from } : {}) };
}

export function readSignInState(state: unknown): SignInState {
  if (!state || typeof state !== 'object') return {};
  const { notice, from } = state as Record<string, unknown>;
  return {
    ...(typeof notice === 'string' ? { notice } : {}),
    ...(typeof from === 'string' ? { from } : {}),
  };
}

/** Where a user lands after signing in: the page they asked for when it is in their own area, else home. */
export function landingPath(role: Role, from: string | undefined): string {
  return from?.startsWith(`/${role}/`) ? from : ROLE_HOME[role];
}
