/**
 * In-app notifications: one row per person told, newest first, unread ones counted for the bell;
 * kept 180 days. A rejected gate pass may carry the teacher's reason. No cached read names the new
 * table, so on PostgreSQL it gets no change triggers (decision record 0009).
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('notifications_inbox_idx')
    .on('notifications')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .column('account_id')
    .where(sql<boolean>`read_at is null`)
    .execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();
  await db.schema.alterTable('gate_passes').addColumn('reject_reason', 'text').execute();
}
