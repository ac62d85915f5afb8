/** Sign-in, identity, sign-out and password change. */
import {
  ChangePasswordRequestSchema,
  DecodedResponseSchema,
  ErrorSchema,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageSchema,
  ROLES,
  RoleSchema,
  SESSION_TTL_HOURS,
  TokenParamsSchema,
} from '@campus/contract';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { HttpError, unauthorized } from '../../lib/errors';
import { bearerToken, principalOf } from '../../plugins/access';
import type { App } from '../../types';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import type { Feature } from '../deps';

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
const INVALID_CREDENTIALS = 'Invalid User ID or password';

const DemoAccountsSchema = z.object({
  demoPassword: z.string(),
  accounts: z.array(z.object({ role: RoleSchema, userId: z.number(), note: z.string() })),
});

export const authRoutes: Feature = async (app: App, { auth, tokens, demoCampus }) => {
  app.get(
    '/api/demo-accounts',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: DemoAccountsSchema } },
    },
    async () => {
      if (!demoCampus) return { demoPassword: DEMO_PASSWORD, accounts: [] };
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
        response: { 200: LoginResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const loginId = Number(request.body.userId);
      const key = String(loginId);
      const failures = await auth.recentFailures(key, new Date(Date.now() - WINDOW_MS));
      if (failures.length >= LOGIN_MAX_FAILURES) {
        const oldest = Date.parse(failures[failures.length - LOGIN_MAX_FAILURES]!);
        const waitSeconds = Math.max(1, Math.ceil((oldest + WINDOW_MS - Date.now()) / 1000));
        const minutes = Math.ceil(waitSeconds / 60);
        reply.header('retry-after', String(waitSeconds));
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      const account = await auth.findAccountByLoginId(loginId);
      const valid = account
        ? await verifyPassword(account.password_hash, request.body.password)
        : (await verifyAgainstDummy(request.body.password), false);
      if (!account || !valid) {
        await auth.recordFailure(key);
        request.log.info({ loginId }, 'sign-in failed');
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await auth.clearFailures(key);
      const identity = await auth.findIdentity(account.id);
      if (!identity) throw unauthorized(INVALID_CREDENTIALS);
      const expiresAt = new Date(Date.now() + SESSION_TTL_HOURS * 3_600_000);
      const sessionId = await auth.createSession(account.id, expiresAt);
      const idClaim =
        identity.role === 'student'
          ? { RollNo: identity.loginId }
          : identity.role === 'teacher'
            ? { teacherId: identity.loginId }
            : { adminId: identity.loginId };
      const token = await tokens.sign({
        sub: account.id,
        jti: sessionId,
        role: identity.role,
        exp: Math.floor(expiresAt.getTime() / 1000),
        name: identity.name,
        email: identity.email,
        ...idClaim,
      });
      return { token, role: identity.role, message: 'Login successful' };
    },
  );

  app.get(
    '/api/post-data-from-token/:token',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        params: TokenParamsSchema,
        response: { 200: DecodedResponseSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      if (request.params.token !== bearerToken(request)) {
        throw unauthorized('The token in the path does not match the Authorization header');
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
        },
      };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: ROLES },
      schema: { tags: ['auth'], response: { 200: MessageSchema, 401: ErrorSchema } },
    },
    async (request) => {
      await auth.revokeSession(principalOf(request).sessionId);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/api/change-password',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        body: ChangePasswordRequestSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const account = await auth.findAccount(principal.accountId);
      const { currentPassword, newPassword } = request.body;
      if (!account || !(await verifyPassword(account.password_hash, currentPassword))) {
        throw new HttpError(400, 'The current password is not correct');
      }
      if (currentPassword === newPassword) {
        throw new HttpError(400, 'The new password must differ from the current one');
      }
      await auth.changePassword(principal.accountId, await hashPassword(newPassword), principal.sessionId);
      return { message: 'Password changed. Your other sessions have been signed out.' };
    },
  );
};
