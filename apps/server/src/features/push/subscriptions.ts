/**
 * Each person's push subscriptions (decision record 0088): one row per browser, its endpoint owned
 * by one account only. A shared phone signed in by someone else moves to them, and what was queued
 * for the first person is never sent to it.
 */
import {
  PUSH_KINDS,
  type Language,
  type PushDevice,
  type PushKind,
  type PushSubscriptionInput,
} from '@campus/contract';
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
import type { PushSubscriptionsTable } from '../../db/schema-push';
import { inChunks } from '../../lib/chunks';
import { newId } from '../../lib/ids';
import { knownLanguage } from '../language/routes';
import { pushKeys } from './cache-keys';

/** Where a message for one device goes. */
export interface PushTarget {
  id: string;
  accountId: string;
  /** The language the person reads the title in (decision record 0090). */
  language: Language;
}

const kindsOff = (text: string): Set<string> => new Set(text.split(' ').filter(Boolean));

function deviceOf(row: Omit<PushSubscriptionsTable, 'account_id' | 'p256dh' | 'auth'>): PushDevice {
  const off = kindsOff(row.kinds_off);
  return {
    _id: row.id,
    label: row.label,
    endpoint: row.endpoint,
    createdAt: row.created_at,
    lastPushedAt: row.last_pushed_at,
    kinds: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !off.has(kind)])) as Record<PushKind, boolean>,
  };
}

const DEVICE_COLUMNS = ['id', 'endpoint', 'label', 'kinds_off', 'created_at', 'last_pushed_at'] as const;

export function pushSubscriptions(db: Db, now: () => number, cache?: ReadCache) {
  const at = () => new Date(now()).toISOString();

  /** Those of these accounts that have a device; from memory while no device changes. */
  async function withDevices(accountIds: readonly string[]): Promise<string[]> {
    const unique = [...new Set(accountIds)];
    if (!cache || unique.length === 0) return unique;
    const holders = await cache.get(pushKeys.holders(), async () =>
      Object.fromEntries(
        (await db.selectFrom('push_subscriptions').select('account_id').distinct().execute()).map((r) => [
          r.account_id,
          true,
        ]),
      ),
    );
    return unique.filter((id) => holders[id] === true);
  }

  async function deviceById(accountId: string, id: string): Promise<PushDevice | undefined> {
    const row = await db
      .selectFrom('push_subscriptions')
      .select(DEVICE_COLUMNS)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row && deviceOf(row);
  }

  return {
    withDevices,

    /** The person's devices, newest first. */
    async devicesOf(accountId: string): Promise<PushDevice[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(DEVICE_COLUMNS)
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(deviceOf);
    },

    /**
     * Keeps a browser's subscription for the account. The same endpoint again updates its keys; an
     * endpoint another account held is taken from it, with what was waiting to be sent to it.
     */
    async subscribe(
      accountId: string,
      input: PushSubscriptionInput,
      label: string,
    ): Promise<{ device: PushDevice; created: boolean; moved: boolean }> {
      const { endpoint, keys } = input;
      const others = db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', endpoint)
        .where('account_id', '<>', accountId);
      await db.deleteFrom('push_queue').where('subscription_id', 'in', others).execute();
      const moved = await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('account_id', '<>', accountId)
        .executeTakeFirst();
      const id = newId();
      await db
        .insertInto('push_subscriptions')
        .values({
          id,
          account_id: accountId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          label,
          kinds_off: '',
          created_at: at(),
          last_pushed_at: null,
        })
        // Two sign-ins racing on one phone: the last to write owns it (the queue checks the owner).
        .onConflict((oc) =>
          oc
            .column('endpoint')
            .doUpdateSet({ account_id: accountId, p256dh: keys.p256dh, auth: keys.auth, label }),
        )
        .execute();
      const row = await db
        .selectFrom('push_subscriptions')
        .select(DEVICE_COLUMNS)
        .where('endpoint', '=', endpoint)
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return { device: deviceOf(row), created: row.id === id, moved: Number(moved.numDeletedRows) > 0 };
    },

    deviceById,

    /** Turns kinds on or off for one of the person's devices; undefined when it is not theirs. */
    async setKinds(
      accountId: string,
      id: string,
      kinds: Partial<Record<PushKind, boolean>>,
    ): Promise<PushDevice | undefined> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select('kinds_off')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!row) return undefined;
      const off = kindsOff(row.kinds_off);
      for (const [kind, on] of Object.entries(kinds)) {
        if (on) off.delete(kind);
        else off.add(kind);
      }
      await db
        .updateTable('push_subscriptions')
        .set({ kinds_off: [...off].sort().join(' ') })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .execute();
      return deviceById(accountId, id);
    },

    /** Removes one of the person's devices, by id or by endpoint; false when it is not theirs. */
    async remove(accountId: string, which: { id: string } | { endpoint: string }): Promise<boolean> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('account_id', '=', accountId)
        .where((eb) => ('id' in which ? eb('id', '=', which.id) : eb('endpoint', '=', which.endpoint)))
        .executeTakeFirst();
      if (!row) return false;
      await db
        .deleteFrom('push_queue')
        .where('subscription_id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('id', '=', row.id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * The devices pushed `kind`, of many accounts: one query per few hundred accounts, however many
     * are told (a notice to a thousand students is one query).
     */
    async targetsOf(accountIds: readonly string[], kind: PushKind): Promise<PushTarget[]> {
      const targets: PushTarget[] = [];
      await inChunks(await withDevices(accountIds), async (chunk) => {
        // The person's language comes in the same read, for the title.
        const rows = await db
          .selectFrom('push_subscriptions')
          .innerJoin('accounts', 'accounts.id', 'push_subscriptions.account_id')
          .select([
            'push_subscriptions.id',
            'push_subscriptions.account_id',
            'push_subscriptions.kinds_off',
            'accounts.language',
          ])
          .where('push_subscriptions.account_id', 'in', chunk)
          .execute();
        for (const row of rows)
          if (!kindsOff(row.kinds_off).has(kind))
            targets.push({ id: row.id, accountId: row.account_id, language: knownLanguage(row.language) });
      });
      return targets;
    },
  };
}

export type PushSubscriptions = ReturnType<typeof pushSubscriptions>;
