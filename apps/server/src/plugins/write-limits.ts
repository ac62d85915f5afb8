/**
 * Per-account write limits (decision record 0013): every write a signed-in account makes is counted,
 * in counters all instances share, after its input was validated and before it runs; a route names
 * its allowance in `config.writeLimit`, any other signed-in write counts under `other`, and the open
 * support form counts per client. A write that is refused anyway (4xx, 5xx) is taken back, so only
 * writes that happened use up the allowance.
 *
 * A route may declare `writeLimitWithWrite`: its handler then counts its write in the write itself
 * (`countedWrite(request)` handed to `writeTogether`, decision record 0051): in its statement on
 * PostgreSQL, in its transaction on SQLite. That saves a statement and a commit a write, and the
 * write over the allowance is refused there, with nothing of it kept.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ErrorSchema, type AuditKind } from '@campus/contract';
import type { LimitsRepository } from '../db/rate-limits';
import { limitText, WRITE_LIMIT_WINDOW_MS, type WriteLimitName, type WriteLimits } from '../lib/write-limits';
import type { CountedWrite } from '../db/together';
import { clientKey } from '../lib/client-address';
import { tooMany } from '../lib/errors';
import { isUnsafeMethod } from './same-origin';

/** The audit log, as the limits write to it: one entry for the write that first went over. */
export interface LimitAudit {
  record(entry: {
    kind: AuditKind;
    actorLoginId: number | null;
    actorRole: string | null;
    target: string;
    detail: string;
    client: string | null;
  }): Promise<void>;
}

export interface WriteLimitDeps {
  limits: LimitsRepository;
  audit: LimitAudit;
  now: () => number;
  settings: WriteLimits;
}

export function registerWriteLimits(app: FastifyInstance, deps: WriteLimitDeps): void {
  const { limits, audit, now, settings } = deps;
  app.decorateRequest('writeCounted', null);
  app.decorateRequest('writeCounting', null);

  const keyOf = (name: WriteLimitName, request: FastifyRequest): string | null => {
    const principal = request.principal;
    const subject =
      name === 'support'
        ? `client:${clientKey(request.ip)}`
        : // An integration counts against its own budget a minute instead (decision record 0083).
          principal && !principal.apiClient && `account:${principal.accountId}`;
    return subject ? `write:${name}:${subject}` : null;
  };

  /** Counts the request's write on its own, and throws the refusal when it is over the allowance. */
  const countApart = async (name: WriteLimitName, request: FastifyRequest, key: string): Promise<void> => {
    const { principal } = request;
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
        client: name === 'support' ? clientKey(request.ip) : null,
      });
    }
    throw tooMany(limitText(name, limit), (counter.windowStart + WRITE_LIMIT_WINDOW_MS - t) / 1000);
  };

  const count = (name: WriteLimitName, withWrite: boolean): preHandlerAsyncHookHandler => {
    if (!withWrite) {
      return async (request) => {
        const key = keyOf(name, request);
        if (key) await countApart(name, request, key);
      };
    }
    return async (request) => {
      const key = keyOf(name, request);
      if (!key) return;
      request.writeCounting = {
        counted: false,
        write: () => {
          request.writeCounting!.counted = true;
          return {
            count: limits.hitWith(key, WRITE_LIMIT_WINDOW_MS, settings[name], now()),
            limit: settings[name],
            refused: () => countApart(name, request, key),
            landed: () => {
              request.writeCounted = key;
            },
          };
        },
        apart: () => countApart(name, request, key),
      };
    };
  };

  // Before the answer leaves, so that a client told "refused" may at once try again in full.
  const takeBack: onSendAsyncHookHandler = async (request, reply, payload) => {
    const counting = request.writeCounting;
    if (counting && !counting.counted && reply.statusCode < 400) {
      // A write answered without its count: counted late, as it can no longer be refused.
      request.log.error('a write was answered without being counted: its handler did not use countedWrite');
      counting.counted = true;
      await counting.apart().catch(() => undefined);
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
    const withWrite = route.config?.writeLimitWithWrite === true;
    route.preHandler = [count(name, withWrite), ...[route.preHandler ?? []].flat()];
    // The refusal is part of every limited write's description (OpenAPI).
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !('429' in response))
      route.schema = { ...route.schema, response: { ...response, 429: ErrorSchema } };
    route.onSend = [takeBack, ...[route.onSend ?? []].flat()];
  });
}

/**
 * The count of the request's write against its allowance, for the write to make (`writeTogether`):
 * a route declaring `writeLimitWithWrite` hands it to its one write. Undefined where nothing is
 * counted (a route without the declaration, a write nobody signed in to make).
 */
export function countedWrite(request: FastifyRequest): CountedWrite | undefined {
  return request.writeCounting?.write();
}
