/**
 * Integration tokens (`cp_…`, decision record 0083): a route opens to a token by the scope it asks
 * (`config.scope`, or the contract's API_SCOPE_ROUTES); a token holding it acts with the view of the
 * admin who made it. Every request a known token makes leaves a trace in the audit log, refused or
 * not, and counts against the token's own budget a minute.
 */
import type { FastifyRequest, onSendAsyncHookHandler, RouteOptions } from 'fastify';
import { API_SCOPE_LABELS, API_TOKEN_PREFIX, scopeOfRoute, type ApiScope } from '@campus/contract';
import type { ApiClientPrincipal, Principal } from '../types';
import { forbidden, unauthorized } from '../lib/errors';

/** A client as found by its token: with the account it acts for. */
export interface ApiClientFound extends ApiClientPrincipal {
  accountId: string;
  loginId: number;
}

/** What access control asks of integrations; features/integrations/checks.ts answers. */
export interface IntegrationChecks {
  /** The live client behind a token; undefined when unknown, revoked or expired. */
  find(token: string): Promise<ApiClientFound | undefined>;
  /** One request against the client's budget a minute; throws the 429 over it. */
  spend(client: ApiClientFound): Promise<void>;
  /** The request's trace in the audit log, once its answer is known. */
  used(client: ApiClientFound, request: FastifyRequest, status: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an integration token needs to call the route; without one no token may. */
    scope?: ApiScope;
  }
  interface FastifyRequest {
    /** The integration whose token signed the request, for its trace in the audit log. */
    apiClientUse: ApiClientFound | null;
  }
}

export const isApiToken = (token: string): boolean => token.startsWith(API_TOKEN_PREFIX);

export const INVALID_TOKEN_MESSAGE =
  'This integration token is not valid: it is unknown, revoked or expired. Ask an admin for a new one.';

/** The principal of a request signed with an integration token, or the refusal. */
export async function admitApiClient(
  request: FastifyRequest,
  token: string,
  scope: ApiScope | undefined,
  checks: IntegrationChecks | undefined,
): Promise<Principal> {
  const client = checks && (await checks.find(token));
  if (!checks || !client) throw unauthorized(INVALID_TOKEN_MESSAGE);
  request.apiClientUse = client;
  if (!scope) throw forbidden('Integration tokens cannot call this route: no scope opens it.');
  if (!client.scopes.includes(scope)) {
    throw forbidden(`This integration token lacks the scope ${scope}, which this route needs.`);
  }
  await checks.spend(client);
  const { accountId, loginId, ...apiClient } = client;
  return {
    accountId,
    loginId,
    sessionId: `api-client:${client.id}`,
    // Reads and writes with an admin's view; only the routes its scopes open reach a handler.
    role: 'admin',
    rollNo: null,
    mustChangePassword: false,
    apiClient,
  };
}

/** The scope a route asks of a token: its own declaration, or the contract's table. */
export function routeScope(route: RouteOptions, method: string): ApiScope | undefined {
  return route.config?.scope ?? scopeOfRoute(`${method} ${route.url}`);
}

/** The route's description names its scope, and its security requirement lists it (OpenAPI). */
export function describeScope(route: RouteOptions, scope: ApiScope): void {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const note = `Integration tokens need the scope \`${scope}\` (${API_SCOPE_LABELS[scope]}).`;
  const description = typeof schema.description === 'string' ? `${schema.description}\n\n${note}` : note;
  const described: Record<string, unknown> = {
    ...schema,
    description,
    security: [{ bearer: [] }, { cookie: [] }, { apiClient: [scope] }],
    'x-scope': scope,
  };
  route.schema = described;
}

/** Writes the trace of a token's request once its answer is known (before it leaves). */
export const recordApiClientUse =
  (checks: IntegrationChecks): onSendAsyncHookHandler =>
  async (request, reply, payload) => {
    const client = request.apiClientUse;
    if (client) {
      request.apiClientUse = null;
      await checks.used(client, request, reply.statusCode);
    }
    return payload;
  };
