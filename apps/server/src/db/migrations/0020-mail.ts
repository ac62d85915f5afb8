/**
 * Email (decision record 0034): a queue of outgoing mails that every instance works from with leases,
 * each person's choice per kind (at once, daily digest, off), the events waiting for a digest,
 * single-use password reset links (stored hashed), guardians' contact on the student and whether
 * the student's attendance was last seen below 75 %, and guardian addresses that unsubscribed.
 * No cached read names these tables, so on PostgreSQL they get no change triggers (record 0009).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('unsubscribe_url', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_queue_due_idx')
    .on('mail_queue')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('mail_settings')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_settings_pk', ['account_id', 'kind'])
    .execute();

  await db.schema
    .createTable('mail_digest_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text')
    .execute();
  await db.schema
    .createIndex('mail_digest_items_pending_idx')
    .on('mail_digest_items')
    .columns(['mail_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_account_idx')
    .on('password_resets')
    .column('account_id')
    .execute();

  await db.schema.alterTable('students').addColumn('guardian_name', 'text').execute();
  await db.schema.alterTable('students').addColumn('guardian_email', 'text').execute();
  await db.schema
    .alterTable('students')
    .addColumn('attendance_below_warning', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('guardian_optouts')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
