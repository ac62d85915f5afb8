/** The sign-in state machine of SPEC §4, with every §8 login message. */
import { LoginRequestSchema, MESSAGES, type Role } from '@campus/contract';
import { ApiError } from '../../lib/api-client';
import { setToken } from '../../lib/session-store';
import { isRole, login } from './api';

/** `mustChangePassword`: the password was a one-time password, to be replaced before anything else. */
export type SignInResult =
  { ok: true; role: Role; mustChangePassword: boolean } | { ok: false; error: string };

export async function signIn(userId: string, password: string): Promise<SignInResult> {
  const parsed = LoginRequestSchema.safeParse({ userId, password });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? MESSAGES.login.failed };
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
