/** Deny by default: every route declares who may call it, and its own hook enforces that. */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { MUST_CHANGE_PASSWORD_MESSAGE, type ApiScope, type Role } from '@campus/contract';
import type { Access, Principal } from '../types';
import type { ReadCache } from '../db/read-cache';
import { forbidden, unauthorized } from '../lib/errors';
import { cookieWriteProblem, isUnsafeMethod, publicWriteProblem } from './same-origin';
import { applySecurityHeaders } from './security';
import {
  admitApiClient,
  describeScope,
  isApiToken,
  recordApiClientUse,
  routeScope,
  type IntegrationChecks,
} from './api-client-access';
import { clearSessionCookie, sessionCookie } from './session-cookie';

/** The token-decoding call: where a client that dropped its token shows it (decision record 0073). */
const DECODE_ROUTE = '/api/post-data-from-token/:token';
/** Route prefixes registered by third-party plugins that are public as a whole. */
const PUBLIC_PREFIXES = ['/api/docs'];

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export interface SessionCredential {
  token: string;
  via: 'bearer' | 'cookie';
}

/**
 * The session token a request signs in with. A sent Authorization header decides, valid or not; the
 * session cookie counts only when there is none (decision record 0010).
 */
export function sessionCredential(request: FastifyRequest): SessionCredential | undefined {
  if (request.headers.authorization !== undefined) {
    const token = bearerToken(request);
    return token ? { token, via: 'bearer' } : undefined;
  }
  const token = sessionCookie(request);
  return token ? { token, via: 'cookie' } : undefined;
}

export interface CatalogEntry {
  method: string;
  url: string;
  access: Access;
  /** The scope an integration token needs for it; none: no token may call it. */
  scope: ApiScope | undefined;
  /** An answer that does not end (live updates). */
  stream: boolean;
}

const ROUTE_CATALOG = new WeakMap<FastifyInstance, CatalogEntry[]>();

/** Every route the app declared, with its access: the access matrix test walks this list. */
export function routeCatalog(app: FastifyInstance): readonly CatalogEntry[] {
  return ROUTE_CATALOG.get(app) ?? [];
}

/** What access control asks of sessions; the auth feature's token service and repository answer. */
export interface SessionChecks {
  tokens: { verify(token: string): { sub: string; jti: string } | undefined };
  auth: {
    /** The principal behind a live session; undefined when revoked, expired or gone. */
    findPrincipal(
      sessionId: string,
      accountId: string,
      dataVersion?: number,
    ): Principal | undefined | Promise<Principal | undefined>;
    revokeSession(sessionId: string): Promise<void>;
  };
}

export function registerAccessControl(
  app: FastifyInstance,
  deps: SessionChecks & { cache: ReadCache; integrations?: IntegrationChecks },
): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('apiClientUse', null);
  app.decorateRequest('dataVersion', undefined);
  ROUTE_CATALOG.set(app, []);

  // No browser page of another site may sign in here (that would sign its victim in as the
  // attacker, by cookie) nor post anything else in a visitor's name.
  const secured: onRequestHookHandler = (request, reply, done) => {
    applySecurityHeaders(request, reply);
    const problem = isUnsafeMethod(request.method) ? publicWriteProblem(request) : undefined;
    done(problem ? forbidden(problem) : undefined);
  };

  // A callback hook rather than an async one: a session found in the read cache is settled without
  // waiting for the next turn of the event loop. Each route that is not public gets its own, with
  // the roles it admits, so nothing is looked up per request to know them.
  const guard =
    (
      roles: readonly Role[],
      beforePasswordChange: boolean,
      scope: ApiScope | undefined,
    ): onRequestHookHandler =>
    (request, reply, done) => {
      applySecurityHeaders(request, reply);
      const credential = sessionCredential(request);
      if (!credential) {
        done(unauthorized('Sign in to continue'));
        return;
      }
      // An integration's token: its scopes decide, not roles (decision record 0083).
      if (credential.via === 'bearer' && isApiToken(credential.token)) {
        request.dataVersion = deps.cache.outside();
        admitApiClient(request, credential.token, scope, deps.integrations).then((principal) => {
          request.principal = principal;
          done();
        }, done);
        return;
      }
      if (credential.via === 'cookie' && isUnsafeMethod(request.method)) {
        const problem = cookieWriteProblem(request);
        if (problem) {
          done(forbidden(problem));
          return;
        }
      }
      const claims = deps.tokens.verify(credential.token);
      if (!claims) {
        done(unauthorized('Your session is not valid. Please sign in again.'));
        return;
      }
      request.dataVersion = deps.cache.outside();
      const admit = (principal: Principal | undefined) => {
        if (!principal) return done(unauthorized('Your session has ended. Please sign in again.'));
        if (!roles.includes(principal.role)) return done(forbidden());
        if (principal.mustChangePassword && !beforePasswordChange) {
          return done(forbidden(MUST_CHANGE_PASSWORD_MESSAGE));
        }
        request.principal = principal;
        done();
      };
      const found = deps.auth.findPrincipal(claims.jti, claims.sub, request.dataVersion);
      if (found instanceof Promise) found.then(admit, done);
      else admit(found);
    };

  // A client that decodes a token other than its cookie's (the spec's client sends `Bearer null` once
  // its Logout dropped the token) has left the cookie's session: end it (decision record 0073).
  // Other calls are judged by their header alone: an API client with a cookie jar may hold several.
  const leaveDroppedCookie: onRequestHookHandler = (request, reply, done) => {
    if (request.routeOptions.url !== DECODE_ROUTE) return done();
    const cookie = request.headers.authorization === undefined ? undefined : sessionCookie(request);
    if (!cookie || cookie === bearerToken(request)) return done();
    clearSessionCookie(request, reply);
    const claims = deps.tokens.verify(cookie);
    if (!claims) return done();
    deps.auth.revokeSession(claims.jti).then(() => done(), done);
  };
  app.addHook('onRequest', leaveDroppedCookie);

  app.addHook('onRoute', (route) => {
    let access = route.config?.access;
    if (access === undefined && PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
      access = 'public';
      route.config = { ...route.config, access };
    }
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    }
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    const scope = access === 'public' ? undefined : methods.map((m) => routeScope(route, m)).find(Boolean);
    for (const method of methods) {
      ROUTE_CATALOG.get(app)?.push({
        method,
        url: route.url,
        access,
        scope,
        stream: route.config?.stream === true,
      });
    }
    // One hook per route, first: the security headers, then (unless public) the session and role.
    const first =
      access === 'public' ? secured : guard(access, route.config?.beforePasswordChange === true, scope);
    route.onRequest = [first, ...[route.onRequest ?? []].flat()];
    if (access === 'public') return;
    if (scope) describeScope(route, scope);
    // Any signed-in route: a token refused for want of its scope leaves its trace too.
    if (deps.integrations)
      route.onSend = [recordApiClientUse(deps.integrations), ...[route.onSend ?? []].flat()];
  });
}

/** The signed-in principal of a route that is not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** A student may only touch their own roll number; teachers and admins may touch any. */
export function assertOwnRollNo(request: FastifyRequest, rollNo: number): Principal {
  const principal = principalOf(request);
  if (principal.role === 'student' && principal.rollNo !== rollNo) {
    throw forbidden('Students may only see their own records');
  }
  return principal;
}
