/** Sign-in, identity, sign-out and password change. */
import {
  ChangePasswordRequestSchema,
  DecodedResponseSchema,
  ErrorSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MessageSchema,
  ROLES,
  RoleSchema,
  TokenParamsSchema,
} from '@campus/contract';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data';
import { DEMO_PASSWORD, isDemoCampus } from '../../db/seed/demo';
import { forbidden, HttpError, unauthorized } from '../../lib/errors';
import { principalOf, sessionCredential } from '../../plugins/access';
import { clearSessionCookie, sessionCookie } from '../../plugins/session-cookie';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../types';
import { clientKey } from '../../lib/client-address';
import { hashPassword } from '../../lib/passwords';
import type { Feature } from '../deps';
import { issueSession } from './issue-session';

const isClientError = (error: { statusCode?: number }) =>
  error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;

const DemoAccountsSchema = z.object({
  demoPassword: z.string(),
  accounts: z.array(z.object({ role: RoleSchema, userId: z.number(), note: z.string() })),
});

export const authRoutes: Feature = async (app: App, { auth, tokens, db, signIn, sso }) => {
  /** Revokes the session of the cookie a request carries, if any (decision record 0073). */
  const endReplacedSession = async (request: FastifyRequest) => {
    const cookie = sessionCookie(request);
    const claims = cookie ? tokens.verify(cookie) : undefined;
    if (claims) await auth.revokeSession(claims.jti);
  };

  app.get(
    '/api/demo-accounts',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: DemoAccountsSchema } },
    },
    async () => {
      if (!(await isDemoCampus(db))) return { demoPassword: DEMO_PASSWORD, accounts: [] };
      const existing = await auth.existingLoginIds(DEMO_ACCOUNTS.map((a) => a.userId));
      return { demoPassword: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.filter((a) => existing.has(a.userId)) };
    },
  );

  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: LoginRequestSchema,
        response: {
          200: LoginResponseSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
      // A body that is not valid (not JSON, no password, an empty one) counts against its client and
      // is held like a wrong password (record 0024); the error is then answered as usual, by the app's
      // handler. Fastify awaits an error handler's promise and hands what it throws to its parent.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      errorHandler: async (error, request) => {
        if (!(error instanceof HttpError) && isClientError(error))
          await signIn.malformed(clientKey(request.ip));
        throw error;
      },
    },
    async (request, reply) => {
      // A role that signs in with the university account only is told so before any password is
      // checked; the refusal counts against the client like a malformed request (record 0086).
      const refusal = await sso.passwordRefusal(Number(request.body.userId));
      if (refusal) {
        await signIn.malformed(clientKey(request.ip));
        throw forbidden(refusal);
      }
      const account = await signIn.signIn(
        Number(request.body.userId),
        clientKey(request.ip),
        request.body.password,
      );
      const { token, role } = await issueSession({ auth, tokens }, request, reply, account.id);
      const mustChange = account.must_change_password === 1 ? { mustChangePassword: true as const } : {};
      return { token, role, message: 'Login successful', ...mustChange };
    },
  );

  app.get(
    '/api/post-data-from-token/:token',
    {
      config: { access: ROLES, beforePasswordChange: true },
      schema: {
        tags: ['auth'],
        params: TokenParamsSchema,
        response: { 200: DecodedResponseSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      const credential = sessionCredential(request);
      if (credential?.via === 'cookie' && request.params.token !== credential.token) {
        // The client asks about a token other than its cookie's: it has dropped that session.
        await endReplacedSession(request);
        clearSessionCookie(request, reply);
      }
      if (request.params.token !== credential?.token) {
        throw unauthorized(
          credential?.via === 'cookie'
            ? 'The token in the path does not match the session cookie'
            : 'The token in the path does not match the Authorization header',
        );
      }
      const principal = principalOf(request);
      const identity = await auth.findIdentity(principal.accountId);
      if (!identity) throw unauthorized();
      const claims = tokens.verify(request.params.token);
      const id = identity.loginId;
      return {
        decoded: {
          role: identity.role,
          name: identity.name,
          email: identity.email,
          ...(identity.role === 'student' ? { RollNo: id } : {}),
          ...(identity.role === 'teacher' ? { teacherId: id } : {}),
          ...(identity.role === 'admin' ? { adminId: id } : {}),
          exp: claims?.exp ?? 0,
          ...(principal.mustChangePassword ? { mustChangePassword: true as const } : {}),
        },
      };
    },
  );

  app.post(
    '/api/logout',
    {
      // Ending a session is never refused for having made too many changes, nor for a one-time password.
      config: { access: ROLES, writeLimit: false, beforePasswordChange: true },
      schema: { tags: ['auth'], response: { 200: LogoutResponseSchema, 401: ErrorSchema } },
    },
    async (request, reply) => {
      await auth.revokeSession(principalOf(request).sessionId);
      clearSessionCookie(request, reply);
      // A session made by single sign-on goes on to sign out of the provider too (record 0086).
      const endSessionUrl = await sso.endSessionUrl(sessionCredential(request)?.token);
      return { message: 'Signed out', ...(endSessionUrl ? { endSessionUrl } : {}) };
    },
  );

  app.post(
    '/api/change-password',
    {
      // Never refused for having made too many changes: wrong current passwords are limited apart.
      config: { access: ROLES, writeLimit: false, beforePasswordChange: true },
      schema: {
        tags: ['auth'],
        body: ChangePasswordRequestSchema,
        response: {
          200: MessageSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const account = await auth.findAccount(principal.accountId);
      const { currentPassword, newPassword } = request.body;
      if (!account || !(await signIn.checkCurrentPassword(account, clientKey(request.ip), currentPassword))) {
        throw new HttpError(400, 'The current password is not correct');
      }
      if (currentPassword === newPassword) {
        throw new HttpError(400, 'The new password must differ from the current one');
      }
      const passwordHash = await signIn.hash(() => hashPassword(newPassword));
      await auth.changePassword(principal.accountId, passwordHash, principal.sessionId);
      return { message: 'Password changed. Your other sessions have been signed out.' };
    },
  );
};
