/** Webhook endpoints and their delivery log (decision record 0085): the secret never leaves sealed. */
import {
  WEBHOOK_KINDS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookKind,
} from '@campus/contract';
import type { Db } from '../../db/index';
import { newId } from '../../lib/ids';
import { limited } from '../../lib/lists';

export const kindsOf = (text: string): WebhookKind[] =>
  text.split(' ').filter((k): k is WebhookKind => (WEBHOOK_KINDS as readonly string[]).includes(k));

export interface EndpointFields {
  url: string;
  description: string;
  kinds: readonly WebhookKind[];
  enabled: boolean;
}

interface DeliveryRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  response_status: number | null;
  duration_ms: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string;
  delivered_at: string | null;
}

const deliveryOf = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  messageId: `msg_${r.id}`,
  kind: r.kind,
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  responseStatus: r.response_status,
  durationMs: r.duration_ms,
  error: r.last_error,
  createdAt: r.created_at,
  lastAttemptAt: r.last_attempt_at,
  nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
  deliveredAt: r.delivered_at,
});

const DELIVERY_COLUMNS = [
  'id',
  'kind',
  'status',
  'attempts',
  'response_status',
  'duration_ms',
  'last_error',
  'created_at',
  'last_attempt_at',
  'next_attempt_at',
  'delivered_at',
] as const;

/** Removes delivered and failed deliveries made before `before` (the log's retention); answers how many. */
export async function pruneDeliveries(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['delivered', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function webhooksRepository(db: Db, now: () => number) {
  const iso = () => new Date(now()).toISOString();

  const listed = () =>
    db.selectFrom('webhook_endpoints as e').select((eb) => [
      'e.id',
      'e.url',
      'e.description',
      'e.kinds',
      'e.enabled',
      'e.created_at',
      'e.updated_at',
      'e.previous_until',
      eb
        .selectFrom('webhook_deliveries as d')
        .select((x) => x.fn.countAll<string | number>().as('n'))
        .whereRef('d.endpoint_id', '=', 'e.id')
        .where('d.status', 'in', ['pending', 'sending'])
        .as('pending'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select((x) => x.fn.countAll<string | number>().as('n'))
        .whereRef('d.endpoint_id', '=', 'e.id')
        .where('d.status', '=', 'failed')
        .as('failed'),
    ]);
  type Row = Awaited<ReturnType<ReturnType<typeof listed>['execute']>>[number];

  const endpointOf = (r: Row): WebhookEndpoint => ({
    id: r.id,
    url: r.url,
    description: r.description,
    kinds: kindsOf(r.kinds),
    enabled: r.enabled === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    previousSecretUntil:
      r.previous_until !== null && Date.parse(r.previous_until) > now() ? r.previous_until : null,
    pending: Number(r.pending ?? 0),
    failed: Number(r.failed ?? 0),
  });

  const one = async (id: string): Promise<WebhookEndpoint | undefined> => {
    const row = await listed().where('e.id', '=', id).executeTakeFirst();
    return row && endpointOf(row);
  };

  return {
    one,

    async list(): Promise<WebhookEndpoint[]> {
      const rows = await listed().orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').execute();
      return rows.map(endpointOf);
    },

    async create(fields: EndpointFields, sealedSecret: string, by: string): Promise<WebhookEndpoint> {
      const id = newId(now());
      const at = iso();
      await db
        .insertInto('webhook_endpoints')
        .values({
          id,
          url: fields.url,
          description: fields.description,
          kinds: fields.kinds.join(' '),
          enabled: fields.enabled ? 1 : 0,
          secret: sealedSecret,
          previous_secret: null,
          previous_until: null,
          created_by: by,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return (await one(id))!;
    },

    async update(id: string, fields: EndpointFields): Promise<WebhookEndpoint | undefined> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set({
          url: fields.url,
          description: fields.description,
          kinds: fields.kinds.join(' '),
          enabled: fields.enabled ? 1 : 0,
          updated_at: iso(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? one(id) : undefined;
    },

    /**
     * A new secret; the one it replaces keeps signing beside it until `graceUntil`. A rotation
     * within the grace period of the last one drops the oldest secret.
     */
    async rotate(id: string, sealedSecret: string, graceUntil: string): Promise<WebhookEndpoint | undefined> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          previous_secret: eb.ref('secret'),
          previous_until: graceUntil,
          secret: sealedSecret,
          updated_at: iso(),
        }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? one(id) : undefined;
    },

    /** Deletes the endpoint and its log; answers what it was. */
    async remove(id: string): Promise<WebhookEndpoint | undefined> {
      const endpoint = await one(id);
      if (!endpoint) return undefined;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
        await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
      });
      return endpoint;
    },

    /** One endpoint's deliveries, newest first, all or of one status, a page at a time. */
    async deliveries(
      endpointId: string,
      query: { status?: WebhookDeliveryStatus | undefined; limit?: number | undefined; offset: number },
    ): Promise<{ body: WebhookDelivery[]; total: number }> {
      let base = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
      if (query.status) base = base.where('status', '=', query.status);
      const newestFirst = base.select(DELIVERY_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc');
      const rows = await limited(newestFirst, query.limit, query.offset).execute();
      const total =
        query.offset === 0 && (query.limit === undefined || rows.length < query.limit)
          ? rows.length
          : Number(
              (await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow())
                .n,
            );
      return { body: rows.map(deliveryOf), total };
    },

    async delivery(endpointId: string, id: string): Promise<WebhookDelivery | undefined> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select(DELIVERY_COLUMNS)
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && deliveryOf(row);
    },
  };
}
