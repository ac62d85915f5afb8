/**
 * The push queue (decision record 0088), built as the mail queue is: a message is a row; every
 * instance's worker claims due rows with a conditional UPDATE only one of them can win (a lease:
 * db/leased-queue.ts), sends, and marks the row sent. A failure is tried again later, waiting twice
 * as long each time, up to a limit; a lease that ran out makes the message due again. A push service
 * that answers 404 or 410 has forgotten the browser: its subscription is removed, and nothing more
 * is sent to it.
 *
 * The request is made by web-push (RFC 8291 encryption and a VAPID signature, RFC 8292) and sent
 * with fetch, which keeps a time limit and refuses redirects.
 */
import { randomUUID } from 'node:crypto';
import type { PushPayload } from '@campus/contract';
import webPush from 'web-push';
import type { Db } from '../../db/index';
import { freshLease, iso, leasedQueue } from '../../db/leased-queue';
import { inChunks } from '../../lib/chunks';
import type { VapidKeys } from './keys';

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushQueueSettings {
  keys: () => Promise<VapidKeys>;
  subject: string;
  leaseMs: number;
  maxAttempts: number;
  backoffMs: number;
  timeoutMs: number;
  /** How long a push service keeps a message for a device that is off (seconds). */
  ttlSeconds: number;
  now: () => number;
}

export interface OutgoingPush {
  subscriptionId: string;
  accountId: string;
  payload: PushPayload;
  urgency: Urgency;
}

export type SendOutcome = 'sent' | 'retry' | 'failed' | 'gone' | 'lost';

/** Seventeen columns a row: 500 rows stay under SQLite's parameter limit. */
const ROWS_PER_INSERT = 500;

export function pushQueue(db: Db, settings: PushQueueSettings) {
  const lease = leasedQueue(db, { table: 'push_queue', maxErrorLength: 500, ...settings });
  const { owner } = lease;

  /** The push service forgot the browser: its subscription goes, with what waited for it. */
  async function forget(subscriptionId: string, endpoint: string): Promise<void> {
    await db
      .deleteFrom('push_subscriptions')
      .where('id', '=', subscriptionId)
      .where('endpoint', '=', endpoint)
      .execute();
    await db
      .updateTable('push_queue')
      .set({ status: 'gone', lease_owner: null, lease_until: null })
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'pending')
      .execute();
  }

  async function sendOne(id: string): Promise<SendOutcome> {
    const row = await db
      .selectFrom('push_queue as q')
      .leftJoin('push_subscriptions as s', 's.id', 'q.subscription_id')
      .select([
        'q.id',
        'q.account_id',
        'q.title',
        'q.url',
        'q.tag',
        'q.urgency',
        'q.attempts',
        'q.lease_owner',
        'q.subscription_id',
        's.account_id as owner_id',
        's.endpoint',
        's.p256dh',
        's.auth',
      ])
      .where('q.id', '=', id)
      .executeTakeFirst();
    if (!row || row.lease_owner !== owner) return 'lost';
    // The browser was removed, or is someone else's now (a shared phone): never sent to them.
    if (!row.endpoint || !row.p256dh || !row.auth || row.owner_id !== row.account_id) {
      await lease.release({ id }, { status: 'gone' });
      return 'gone';
    }
    const payload: PushPayload = { title: row.title, url: row.url, tag: row.tag };
    let status: number;
    let problem: string | undefined;
    try {
      const keys = await settings.keys();
      const request = webPush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: settings.subject, ...keys },
          TTL: settings.ttlSeconds,
          urgency: row.urgency as Urgency,
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, `${value as string | number}`]),
      );
      const response = await fetch(row.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      status = response.status;
      if (!response.ok) problem = `${status} ${(await response.text()).slice(0, 200)}`.trim();
      else await response.body?.cancel();
    } catch (error) {
      status = 0;
      problem = error instanceof Error ? error.message : String(error);
    }
    if (status >= 200 && status < 300) {
      await lease.release({ id }, { status: 'sent', sent_at: iso(settings.now()), last_error: null });
      await db
        .updateTable('push_subscriptions')
        .set({ last_pushed_at: iso(settings.now()) })
        .where('id', '=', row.subscription_id)
        .execute();
      return 'sent';
    }
    if (status === 404 || status === 410) {
      const error = (problem ?? String(status)).slice(0, 500);
      await lease.release({ id }, { status: 'gone', last_error: error });
      await forget(row.subscription_id, row.endpoint);
      return 'gone';
    }
    // Refused for good (a malformed or oversized request, bad credentials): trying again cannot help.
    const retryable = status === 0 || status === 429 || status >= 500;
    const error = problem ?? String(status);
    return lease.fail({ id }, { attempts: row.attempts, error, final: !retryable });
  }

  return {
    owner,

    /** Queues messages, many in one statement. */
    async enqueue(messages: readonly OutgoingPush[]): Promise<number> {
      const at = iso(settings.now());
      await inChunks(
        messages,
        async (chunk) => {
          await db
            .insertInto('push_queue')
            .values(
              chunk.map((m) => ({
                id: randomUUID(),
                subscription_id: m.subscriptionId,
                account_id: m.accountId,
                title: m.payload.title,
                url: m.payload.url,
                tag: m.payload.tag,
                urgency: m.urgency,
                ...freshLease(at),
                created_at: at,
                sent_at: null,
              })),
            )
            .execute();
        },
        ROWS_PER_INSERT,
      );
      return messages.length;
    },

    /** Claims the due messages it can win (at most `limit`), without sending them. */
    claimDue(limit = 50): Promise<string[]> {
      return lease.claimDue(limit);
    },

    sendClaimed: sendOne,

    /** Claims and sends what is due, a few at a time; answers how many were claimed. */
    async deliverDue(limit = 50): Promise<number> {
      const claimed = await this.claimDue(limit);
      for (let i = 0; i < claimed.length; i += 8) await Promise.all(claimed.slice(i, i + 8).map(sendOne));
      return claimed.length;
    },

    /** Removes messages that ended (sent, failed, gone) before `before` (ISO time). */
    async prune(before: string): Promise<number> {
      const result = await db
        .deleteFrom('push_queue')
        .where('status', 'in', ['sent', 'failed', 'gone'])
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PushQueue = ReturnType<typeof pushQueue>;
