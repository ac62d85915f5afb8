/**
 * Per-account write limits (decision record 0013): every write a signed-in account makes is counted,
 * in counters all instances share, after its input was validated and before it runs; a route names
 * its allowance in `config.writeLimit`, any other signed-in write counts under `other`, and the open
 * support form counts per client. A write that is refused anyway (4xx, 5xx) is taken back, so only
 * writes that happened use up the allowance.
 *
 * A route may declare `writeLimitAwaited`: its handler then starts while the count runs, reads what
 * it needs beside it, and awaits `writeAllowed(request)` before it writes (one round trip fewer on
 * PostgreSQL for a mark or a gate pass). A refusal then reaches the handler there.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ErrorSchema } from '@campus/contract';
import type { AuditRepository } from '../features/audit/repository';
import type { LimitsRepository } from '../features/limits/repository';
import {
  limitText,
  WRITE_LIMIT_WINDOW_MS,
  type WriteLimitName,
  type WriteLimits,
} from '../features/limits/write-limits';
import { clientKey } from '../lib/client-address';
import { tooMany } from '../lib/errors';
import { isUnsafeMethod } from './same-origin';

export interface WriteLimitDeps {
  limits: LimitsRepository;
  audit: AuditRepository;
  now: () => number;
  settings: WriteLimits;
}

export function registerWriteLimits(app: FastifyInstance, deps: WriteLimitDeps): void {
  const { limits, audit, now, settings } = deps;
  app.decorateRequest('writeCounted', null);
  app.decorateRequest('writeCounting', null);

  const count = (name: WriteLimitName, awaited: boolean): preHandlerAsyncHookHandler => {
    const check = async (request: FastifyRequest): Promise<void> => {
      const principal = request.principal;
      const client = clientKey(request.ip);
      const subject = name === 'support' ? `client:${client}` : principal && `account:${principal.accountId}`;
      if (!subject) return;
      const key = `write:${name}:${subject}`;
      const limit = settings[name];
      const t = now();
      const counter = (await limits.hit([{ key, windowMs: WRITE_LIMIT_WINDOW_MS }], t)).get(key)!;
      if (counter.hits <= limit) {
        request.writeCounted = key;
        return;
      }
      // One entry per account (or client) and hour: the write that first went over.
      if (counter.hits === limit + 1) {
        await audit.record({
          kind: 'write.limit',
          actorLoginId: principal?.loginId ?? null,
          actorRole: principal?.role ?? null,
          target: name,
          detail: `${limit} an hour`,
          client: name === 'support' ? client : null,
        });
      }
      throw tooMany(limitText(name, limit), (counter.windowStart + WRITE_LIMIT_WINDOW_MS - t) / 1000);
    };
    if (!awaited) return check;
    return async (request) => {
      const counting = check(request);
      // Awaited by the handler, or by `takeBack` when the handler failed first: never left unheard.
      counting.catch(() => undefined);
      request.writeCounting = counting;
    };
  };

  // Before the answer leaves, so that a client told "refused" may at once try again in full.
  const takeBack: onSendAsyncHookHandler = async (request, reply, payload) => {
    // A handler that failed before it awaited the count: the count lands first, then is taken back.
    if (request.writeCounting) {
      const refused = await request.writeCounting.then(
        () => false,
        () => true,
      );
      if (refused && reply.statusCode < 400) {
        request.log.error('a write over its allowance was answered: its handler did not await writeAllowed');
      }
    }
    const key = request.writeCounted;
    if (key !== null && reply.statusCode >= 400) {
      request.writeCounted = null;
      await limits.unhit([key]);
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some(isUnsafeMethod)) return;
    const signedIn = route.config?.access !== undefined && route.config.access !== 'public';
    const declared = route.config?.writeLimit;
    const name = declared === false ? undefined : (declared ?? (signedIn ? 'other' : undefined));
    if (!name) return;
    const awaited = route.config?.writeLimitAwaited === true;
    route.preHandler = [count(name, awaited), ...[route.preHandler ?? []].flat()];
    // The refusal is part of every limited write's description (OpenAPI).
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !('429' in response))
      route.schema = { ...route.schema, response: { ...response, 429: ErrorSchema } };
    route.onSend = [takeBack, ...[route.onSend ?? []].flat()];
  });
}

/**
 * Resolves once the request's write is counted within its allowance, and rejects with the 429 when
 * it is not: a route declaring `writeLimitAwaited` awaits it before its first write.
 */
export function writeAllowed(request: FastifyRequest): Promise<void> {
  return request.writeCounting ?? Promise.resolve();
}
