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

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const SIGNED_OUT_ELSEWHERE = 'You were signed out in another tab. Please sign in again.';
export const SIGN_IN_TO_CONTINUE = 'Please sign in to continue.';

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
