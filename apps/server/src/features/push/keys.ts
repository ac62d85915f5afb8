/**
 * The campus's VAPID key pair (decision record 0088): the operator's, when given, or one the
 * database keeps. The first instance to need it writes a new pair with ON CONFLICT DO NOTHING and
 * every instance then reads the one row, so two instances starting together agree on one pair.
 */
import webPush from 'web-push';
import type { Db } from '../../db/index';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function vapidKeys(db: Db, given: VapidKeys | undefined, now: () => number) {
  let loading: Promise<VapidKeys> | undefined;

  async function load(): Promise<VapidKeys> {
    const made = webPush.generateVAPIDKeys();
    await db
      .insertInto('push_keys')
      .values({
        id: 1,
        public_key: made.publicKey,
        private_key: made.privateKey,
        created_at: new Date(now()).toISOString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await db
      .selectFrom('push_keys')
      .select(['public_key', 'private_key'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return { publicKey: row.public_key, privateKey: row.private_key };
  }

  /** The key pair; read once per instance (a failed read is tried again next time). */
  return function keys(): Promise<VapidKeys> {
    if (given) return Promise.resolve(given);
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
