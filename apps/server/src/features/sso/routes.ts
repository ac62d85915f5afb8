/**
 * Single sign-on's routes (decision record 0086): whether it is on, the start (to the provider),
 * the provider's callback, and the hand-over of the session the callback made to the sign-in page.
 */
import {
  ErrorSchema,
  PATHS,
  ROLES,
  SSO_RESULT_PARAM,
  SsoSessionSchema,
  SsoStatusSchema,
  type SsoRefusal,
} from '@campus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { clientKey } from '../../lib/client-address';
import { principalOf, sessionCredential } from '../../plugins/access';
import type { App } from '../../types';
import { issueSession } from '../auth/issue-session';
import type { Feature } from '../deps';
import { SSO_LOGIN_TTL_MS } from './service';

export const SSO_COOKIE = 'campus_sso';
const COOKIE_PATH = '/api/auth/sso';
/** Sign-ins and their refusals are counted in one audit entry per account, client and window. */
const AUDIT_WINDOW_MS = 15 * 60_000;

/** The cookie that ties a sign-in under way to this browser; Lax, as the provider sends the browser back. */
function loginCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const attributes = [
    `${SSO_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (request.protocol === 'https') attributes.push('Secure');
  return attributes.join('; ');
}

function cookieOf(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq >= 0 && pair.slice(0, eq).trim() === SSO_COOKIE) return pair.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

const signInPage = (result: SsoRefusal | 'done') => `${PATHS.signIn}?${SSO_RESULT_PARAM}=${result}`;

export const ssoRoutes: Feature = async (app: App, { sso, auth, tokens, audit, now }) => {
  const back = (request: FastifyRequest, reply: FastifyReply, result: SsoRefusal | 'done') => {
    reply.header('set-cookie', loginCookie(request, '', 0));
    reply.header('cache-control', 'no-store');
    return reply.redirect(signInPage(result), 302);
  };

  app.get(
    '/api/auth/sso/status',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether this campus offers its university sign-in, and its button’s text',
        response: { 200: SsoStatusSchema },
      },
    },
    () => sso.status(),
  );

  app.get(
    '/api/auth/sso',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Starts the university sign-in: redirects to the provider (authorization code flow with PKCE)',
      },
    },
    async (request, reply) => {
      const started = await sso.start();
      if ('refusal' in started) return back(request, reply, started.refusal);
      reply.header('set-cookie', loginCookie(request, started.cookie, SSO_LOGIN_TTL_MS / 1000));
      reply.header('cache-control', 'no-store');
      return reply.redirect(started.url, 302);
    },
  );

  app.get(
    '/api/auth/sso/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Where the provider sends the browser back: signs in, or returns to the sign-in page saying why not',
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const outcome = await sso.finish(query, cookieOf(request));
      const client = clientKey(request.ip);
      if (!outcome.ok) {
        request.log.info({ refusal: outcome.refusal, why: outcome.why }, 'single sign-on refused');
        await audit.recordCounted(
          {
            kind: 'signin.failure',
            actorLoginId: outcome.loginId ?? null,
            actorRole: outcome.role ?? null,
            target: outcome.loginId === undefined ? null : String(outcome.loginId),
            detail: `single sign-on: ${outcome.refusal}`,
            client,
          },
          AUDIT_WINDOW_MS,
          now(),
        );
        return back(request, reply, outcome.refusal);
      }
      const { account } = outcome;
      await issueSession({ auth, tokens }, request, reply, account.accountId, 'sso');
      await audit.recordCounted(
        {
          kind: 'signin.success',
          actorLoginId: account.loginId,
          actorRole: account.role,
          target: String(account.loginId),
          detail: 'single sign-on',
          client,
        },
        AUDIT_WINDOW_MS,
        now(),
      );
      return back(request, reply, 'done');
    },
  );

  app.post(
    '/api/auth/sso/session',
    {
      config: { access: ROLES, writeLimit: false, beforePasswordChange: true },
      schema: {
        tags: ['auth'],
        summary:
          'The token of the session the university sign-in made, for the page to keep (its cookie is HttpOnly)',
        response: { 200: SsoSessionSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    (request) => {
      const principal = principalOf(request);
      const credential = sessionCredential(request);
      if (!credential) throw unauthorized();
      return {
        token: credential.token,
        role: principal.role,
        ...(principal.mustChangePassword ? { mustChangePassword: true as const } : {}),
      };
    },
  );
};
