/**
 * Guardians as users (issue 61, decision record 0091): a guardian has an account of the role
 * `guardian`, a profile row, links to the students they are a guardian of, and the one-time codes
 * they sign in with (only a hash of each code is kept). No cached read names these tables, so on
 * PostgreSQL they get no change triggers (decision record 0009).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('guardians')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Kept in lower case: the address is how a guardian asks for a code.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone_no', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('guardian_links')
    .addColumn('guardian_account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('roll_no', 'integer', (c) => c.notNull().references('students.roll_no').onDelete('cascade'))
    .addColumn('relation', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('guardian_links_pk', ['guardian_account_id', 'roll_no'])
    .execute();
  // A student's guardians; a guardian's children are found by the primary key.
  await db.schema
    .createIndex('guardian_links_student_idx')
    .on('guardian_links')
    .columns(['roll_no', 'guardian_account_id'])
    .execute();
  await db.schema
    .createTable('guardian_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('guardian_codes_account_idx')
    .on('guardian_codes')
    .columns(['account_id', 'created_at'])
    .execute();
}
