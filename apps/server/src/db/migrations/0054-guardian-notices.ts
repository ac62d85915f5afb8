/**
 * Guardians' own choices and digest (issue 61, decision record 0093): per guardian, per child and
 * per kind of news, at once, daily digest or off; and the news kept for a guardian's one daily
 * digest until it is mailed. Notices for guardians need no table: `audience` is text and takes the
 * new kinds as it is. No cached read names these tables, so on PostgreSQL they get no change
 * triggers (decision record 0009).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('guardian_mail_modes')
    .addColumn('guardian_account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('roll_no', 'integer', (c) => c.notNull().references('students.roll_no').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('guardian_mail_modes_pk', ['guardian_account_id', 'roll_no', 'kind'])
    .execute();
  await db.schema
    .createTable('guardian_digest_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('guardian_account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text')
    .execute();
  // The items waiting for a guardian's next digest.
  await db.schema
    .createIndex('guardian_digest_items_waiting_idx')
    .on('guardian_digest_items')
    .columns(['mail_id', 'guardian_account_id'])
    .execute();
}
