/**
 * Counters that every instance shares, for sign-in throttling and per-account write limits: one row
 * per key (a User ID, a client, a pair of them, an account's writes) and window. They replace
 * `login_failures`, which held one row per failure and was read after the password had been
 * checked. No cached read names this table, so on PostgreSQL it gets no change triggers
 * (decision record 0009).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('prev_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute();
  await db.schema.dropTable('login_failures').execute();
}
