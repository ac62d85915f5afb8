/**
 * The outgoing webhook queue (decision record 0085), worked like the mail queue (record 0034): a
 * delivery is a row; every instance's worker claims due rows with a conditional UPDATE only one of
 * them can win (a lease: db/leased-queue.ts), sends, and writes the outcome. A failure is tried
 * again later, waiting twice as long each time, up to a limit; a lease that ran out (its instance
 * stopped mid-send) makes the delivery due again. Each delivery keeps one `webhook-id` through every
 * attempt, so a receiver can tell a repeat. Deliveries of a disabled endpoint wait until it is
 * enabled again.
 */
import type { Db } from '../../db/index';
import { claimableAt, iso, leasedQueue } from '../../db/leased-queue';
import { sendOnce, type SendSettings } from './send';
import { signatureHeader, type SecretBox } from './signing';

export interface QueueSettings {
  /** How long a claimed delivery is this worker's before another may take it. */
  leaseMs: number;
  /** Attempts before a delivery is given up as failed. */
  maxAttempts: number;
  /** The wait after the first failure; it doubles with each further one. */
  backoffMs: number;
  now: () => number;
  send: SendSettings;
  box: SecretBox;
}

export interface DeliveryKey {
  endpointId: string;
  id: string;
}

const MAX_ERROR = 300;

export function webhookQueue(db: Db, settings: QueueSettings) {
  const lease = leasedQueue(db, { table: 'webhook_deliveries', maxErrorLength: MAX_ERROR, ...settings });
  const { owner } = lease;
  const rowKey = (key: DeliveryKey) => ({ endpoint_id: key.endpointId, id: key.id });

  /** The secrets that sign now: the current one, and the one before a rotation in its grace period. */
  function secretsOf(row: { secret: string; previous_secret: string | null; previous_until: string | null }) {
    const current = settings.box.open(row.secret);
    if (current === undefined) return undefined;
    const graced =
      row.previous_secret !== null &&
      row.previous_until !== null &&
      Date.parse(row.previous_until) > settings.now()
        ? settings.box.open(row.previous_secret)
        : undefined;
    return graced ? [current, graced] : [current];
  }

  async function sendClaimed(key: DeliveryKey): Promise<'delivered' | 'retry' | 'failed' | 'lost'> {
    const row = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select([
        'd.id',
        'd.body',
        'd.attempts',
        'd.lease_owner',
        'e.url',
        'e.secret',
        'e.previous_secret',
        'e.previous_until',
      ])
      .where('d.endpoint_id', '=', key.endpointId)
      .where('d.id', '=', key.id)
      .executeTakeFirst();
    if (!row || row.lease_owner !== owner) return 'lost';
    const secrets = secretsOf(row);
    const started = settings.now();
    const attempt = secrets
      ? await sendOnce(
          row.url,
          {
            'webhook-id': `msg_${row.id}`,
            'webhook-timestamp': String(Math.floor(started / 1000)),
            'webhook-signature': signatureHeader(
              secrets,
              `msg_${row.id}`,
              Math.floor(started / 1000),
              row.body,
            ),
          },
          row.body,
          settings.send,
        )
      : {
          durationMs: 0,
          error: "the endpoint's secret cannot be read (the server's secret changed): rotate it",
        };
    const common = {
      response_status: attempt.status ?? null,
      duration_ms: attempt.durationMs,
      last_attempt_at: iso(started),
    };
    if (attempt.error === undefined) {
      const delivered = { status: 'delivered', delivered_at: iso(settings.now()), last_error: null };
      await lease.release(rowKey(key), { ...common, ...delivered });
      return 'delivered';
    }
    return lease.fail(rowKey(key), { attempts: row.attempts, error: attempt.error }, common);
  }

  return {
    owner,

    /** Claims the due deliveries of enabled endpoints it can win (at most `limit`), without sending. */
    async claimDue(limit = 10): Promise<DeliveryKey[]> {
      const at = iso(settings.now());
      const candidates = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select(['d.endpoint_id', 'd.id'])
        .where('e.enabled', '=', 1)
        .where(claimableAt(at, 'd'))
        .orderBy('d.next_attempt_at')
        .limit(limit)
        .execute();
      const won = await lease.claimEach(candidates, at);
      return won.map((c) => ({ endpointId: c.endpoint_id, id: c.id }));
    },

    sendClaimed,

    /** Claims and sends what is due, several at once; answers how many were tried. */
    async deliverDue(limit = 10): Promise<number> {
      const claimed = await this.claimDue(limit);
      await Promise.all(claimed.map((key) => sendClaimed(key)));
      return claimed.length;
    },

    /**
     * Makes a delivery due again at once, with a fresh count of attempts ("Send again"): false when
     * there is no such delivery or it is being sent right now.
     */
    async resend({ endpointId, id }: DeliveryKey): Promise<boolean> {
      const at = iso(settings.now());
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: at, lease_owner: null, lease_until: null })
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('status', '!=', 'sending'), eb('lease_until', '<', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type WebhookQueue = ReturnType<typeof webhookQueue>;
