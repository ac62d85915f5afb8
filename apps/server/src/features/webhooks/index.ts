/**
 * Signed webhooks (decision record 0085): what other features call when an event happens, and the
 * queue's worker. An event is queued by `emit` (or `outbox`, a part of a write) in the same
 * transaction as the change it tells of: a change rolled back queues nothing. Which kinds any enabled
 * endpoint listens to is kept in memory, so an event nobody listens to costs a lookup in a set.
 */
import type { WebhookKind } from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { newId } from '../../lib/ids';
import { webhookQueue } from './queue';
import { secretBox } from './signing';

export type { WebhookKind } from '@campus/contract';

export interface WebhookOptions {
  /** Deliveries may go to private, loopback and link-local addresses (WEBHOOKS_ALLOW_PRIVATE=1). */
  allowPrivate?: boolean;
  /** How often each instance looks for due deliveries; 0 or none: only when told (tests). */
  pollMs?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  leaseMs?: number;
}

/** An event's data, or what builds it: built only when some endpoint listens to its kind. */
export type EventData = object | (() => object);

/**
 * How long the kinds endpoints listen to are kept before they are read again: an endpoint saved on
 * this instance is heard of at once, one saved on another instance within this long.
 */
const KINDS_KEPT_MS = 5_000;
/** At most this many bytes of a receiver's answer are read. */
const MAX_RESPONSE_BYTES = 4096;

/** The JSON body of a delivery, as the specification suggests: its type, when, and its data. */
export const bodyOf = (kind: WebhookKind, at: string, data: object): string =>
  JSON.stringify({ type: kind, timestamp: at, data });

export function webhookService(
  db: Db,
  options: WebhookOptions,
  deps: { secret: string; now: () => number; log: FastifyBaseLogger },
) {
  const { now, log } = deps;
  const box = secretBox(deps.secret);
  const allowPrivate = options.allowPrivate ?? false;
  const queue = webhookQueue(db, {
    leaseMs: options.leaseMs ?? 60_000,
    maxAttempts: options.maxAttempts ?? 8,
    backoffMs: options.backoffMs ?? 30_000,
    now,
    box,
    send: { allowPrivate, timeoutMs: options.timeoutMs ?? 10_000, maxResponseBytes: MAX_RESPONSE_BYTES },
  });

  let kinds: { set: ReadonlySet<string>; at: number } | undefined;

  /** The kinds some enabled endpoint listens to; read with `on` (a transaction's handle) when stale. */
  async function listened(on: Db): Promise<ReadonlySet<string>> {
    const t = Date.now();
    if (kinds && t - kinds.at < KINDS_KEPT_MS) return kinds.set;
    const rows = await on.selectFrom('webhook_endpoints').select('kinds').where('enabled', '=', 1).execute();
    const set = new Set(rows.flatMap((r) => r.kinds.split(' ')));
    kinds = { set, at: t };
    return set;
  }

  /** The insert that queues one delivery of the event for each enabled endpoint that listens to it. */
  function insertFor(on: Db, kind: WebhookKind, data: EventData) {
    const at = new Date(now()).toISOString();
    const body = bodyOf(kind, at, typeof data === 'function' ? (data as () => object)() : data);
    const id = newId(now());
    return on
      .insertInto('webhook_deliveries')
      .columns(['id', 'endpoint_id', 'kind', 'body', 'status', 'next_attempt_at', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('webhook_endpoints')
          .select([
            sql<string>`${id}`.as('id'),
            'webhook_endpoints.id as endpoint_id',
            sql<string>`${kind}`.as('kind'),
            sql<string>`${body}`.as('body'),
            sql<string>`'pending'`.as('status'),
            sql<string>`${at}`.as('next_attempt_at'),
            sql<string>`${at}`.as('created_at'),
          ])
          .where('webhook_endpoints.enabled', '=', 1)
          .where(sql`' ' || webhook_endpoints.kinds || ' '`, 'like', `% ${kind} %`),
      );
  }

  const background = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  /** One round of the worker: every due delivery, until none is due. */
  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while ((await queue.deliverDue()) > 0) {
        /* until nothing more is due */
      }
    } catch (err) {
      log.error({ err }, 'Sending webhooks failed');
    } finally {
      running = false;
    }
  }

  /** An event was queued: send it soon, once its write has landed, rather than at the next round. */
  function soon(): void {
    if (!options.pollMs || !timer) return;
    const nudge = setTimeout(() => {
      const p = tick();
      background.add(p);
      void p.finally(() => background.delete(p));
    }, 100);
    nudge.unref();
  }

  return {
    allowPrivate,
    box,
    queue,
    tick,
    /** Sends what is due soon (a delivery was made due again). */
    nudge: soon,

    /** The kinds kept in memory are read again at the next event (an endpoint was saved). */
    forget(): void {
      kinds = undefined;
    },

    /** Whether any enabled endpoint listens to this kind. */
    async wants(kind: WebhookKind, on: Db = db): Promise<boolean> {
      return (await listened(on)).has(kind);
    },

    /**
     * Queues the event for the endpoints that listen to it, written with `on`: pass the transaction
     * of the change, so that the event is queued if and only if the change is kept.
     */
    async emit(kind: WebhookKind, data: EventData, on: Db = db): Promise<void> {
      if (!(await listened(on)).has(kind)) return;
      await insertFor(on, kind, data).execute();
      soon();
    },

    /**
     * The event's queueing as a part of a write (`writeTogether`), or undefined when no endpoint
     * listens to its kind.
     */
    async outbox(kind: WebhookKind, data: EventData) {
      if (!(await listened(db)).has(kind)) return undefined;
      soon();
      return insertFor(db, kind, data);
    },

    start(): void {
      if (!options.pollMs || timer) return;
      timer = setInterval(() => void tick(), options.pollMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      while (background.size > 0) await Promise.all([...background]);
      while (running) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
/** What features that tell of events need of the service. */
export type Webhooks = Pick<WebhookService, 'emit' | 'outbox' | 'wants'>;
