/**
 * The admin's support inbox (issue 25): each support message has a status, 'new' until the admin
 * marks it 'in_progress' or 'resolved'. Existing messages start as new. The inbox counts and filters
 * by status, so (status, created_at) is indexed.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('support_messages')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema
    .createIndex('support_messages_status_idx')
    .on('support_messages')
    .columns(['status', 'created_at'])
    .execute();
}
