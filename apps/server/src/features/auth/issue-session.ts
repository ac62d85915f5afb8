/**
 * A new session for an account that has proved who it is, by password or by single sign-on: the
 * same row, token and cookie either way, so revocation and sign-out treat both alike.
 */
import { SESSION_TTL_HOURS, type Role } from '@campus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { setSessionCookie } from '../../plugins/session-cookie';
import type { AuthRepository } from './repository';
import type { TokenService } from './tokens';

/** The claim a token made by single sign-on carries, so sign-out knows to end the provider's session too. */
export const SSO_CLAIM = 'sso';

export async function issueSession(
  deps: { auth: AuthRepository; tokens: TokenService },
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  via: 'password' | 'sso' = 'password',
): Promise<{ token: string; role: Role }> {
  const identity = await deps.auth.findIdentity(accountId);
  if (!identity) throw unauthorized('Invalid User ID or password');
  const expiresAt = new Date(Date.now() + SESSION_TTL_HOURS * 3_600_000);
  const sessionId = await deps.auth.createSession(accountId, expiresAt);
  const idClaim =
    identity.role === 'student'
      ? { RollNo: identity.loginId }
      : identity.role === 'teacher'
        ? { teacherId: identity.loginId }
        : identity.role === 'admin'
          ? { adminId: identity.loginId }
          : {};
  const token = await deps.tokens.sign({
    sub: accountId,
    jti: sessionId,
    role: identity.role,
    exp: Math.floor(expiresAt.getTime() / 1000),
    name: identity.name,
    email: identity.email,
    ...idClaim,
    ...(via === 'sso' ? { [SSO_CLAIM]: true } : {}),
  });
  setSessionCookie(request, reply, token, expiresAt);
  return { token, role: identity.role };
}
