/** Single sign-on with OpenID Connect (decision record 0086): what the sign-in page is told. */
import { z } from 'zod';
import { RoleSchema } from './auth.js';

/** Whether this campus offers its university sign-in, and what its button says. */
export const SsoStatusSchema = z.object({
  enabled: z.boolean(),
  /** The button's text, e.g. "Sign in with Example University". */
  label: z.string(),
});
export type SsoStatus = z.infer<typeof SsoStatusSchema>;

/** The token of the session a single sign-on made (its cookie is HttpOnly): the page keeps it like a password sign-in's. */
export const SsoSessionSchema = z.object({
  token: z.string(),
  role: RoleSchema,
  mustChangePassword: z.literal(true).optional(),
});
export type SsoSession = z.infer<typeof SsoSessionSchema>;

/** The answer to sign-out: where to go next to sign out of the university too, when the session came from it. */
export const LogoutResponseSchema = z.object({
  message: z.string(),
  endSessionUrl: z.string().optional(),
});
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

/** The query parameter the callback sends the sign-in page back with: `done`, or why it was refused. */
export const SSO_RESULT_PARAM = 'sso';

/** Why a single sign-on was refused; the sign-in page shows the message (never the provider's own text). */
export const SSO_REFUSALS = {
  'not-configured': 'Single sign-on is not set up on this campus. Sign in with your User ID and password.',
  unavailable: 'The university sign-in cannot be reached right now. Please try again in a few minutes.',
  'bad-state':
    'This university sign-in was started in another window or has already been used. Please start it again.',
  expired: 'The university sign-in took too long. Please start it again.',
  cancelled: 'The university sign-in was cancelled or refused. You are not signed in.',
  failed: 'The university sign-in could not be completed. Please start it again.',
  'unknown-user':
    'Your university account is not linked to a Campus Portal account. Please contact the campus office.',
  deactivated: 'This account has been deactivated. Please contact the campus office if you need it again.',
  'role-not-allowed':
    'Your role does not sign in with the university account. Please sign in with your User ID and password.',
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSALS;

export const isSsoRefusal = (value: unknown): value is SsoRefusal =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(SSO_REFUSALS, value);

/** What password sign-in and reset answer for a role that signs in only with the university account. */
export const USE_UNIVERSITY_SIGN_IN = (label: string) =>
  `Your account signs in with the university account, not a portal password. Use “${label}” on the sign-in page.`;
