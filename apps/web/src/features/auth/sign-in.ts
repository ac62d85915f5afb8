/** The sign-in state machine of SPEC §4, with every §8 login message. */
import { LoginRequestSchema, MESSAGES, type Role } from '@campus/contract';
import { ApiError } from '../../lib/api-client';
import { setToken } from '../../lib/session-store';
import { isRole, login } from './api';

/** What the form itself refuses, said on its field: an empty or non-numeric User ID, an empty password. */
export type SignInFieldErrors = Partial<Record<'userId' | 'password', string>>;

/**
 * `mustChangePassword`: the password was a one-time password, to be replaced before anything else.
 * A refusal is either about the fields (`fields`) or from the server or the network (`error`).
 */
export type SignInResult =
  | { ok: true; role: Role; mustChangePassword: boolean }
  | { ok: false; error: string; fields?: undefined }
  | { ok: false; error?: undefined; fields: SignInFieldErrors };

export async function signIn(userId: string, password: string): Promise<SignInResult> {
  const parsed = LoginRequestSchema.safeParse({ userId, password });
  if (!parsed.success) {
    const fields: SignInFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'userId' || field === 'password') fields[field] ??= issue.message;
    }
    return Object.keys(fields).length > 0
      ? { ok: false, fields }
      : { ok: false, error: MESSAGES.login.failed };
  }
  try {
    const res = await login(parsed.data);
    if (!res.token) return { ok: false, error: MESSAGES.login.noToken };
    if (!isRole(res.role)) return { ok: false, error: MESSAGES.login.unknownRole };
    setToken(res.token);
    return { ok: true, role: res.role, mustChangePassword: res.mustChangePassword === true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.serverMessage ?? MESSAGES.login.failed };
    return { ok: false, error: MESSAGES.login.serverError };
  }
}
