/**
 * Leave applications over a range of days, decided by the student's mentors or an admin, and their
 * optional attachments (a medical note), kept in the database so every instance serves them
 * (decision record 0032). An attachment has its own table, so lists never read its bytes. No cached
 * read names the new tables, so on PostgreSQL they get no change triggers (decision record 0009).
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('leave_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('roll_no', 'integer', (c) => c.notNull().references('students.roll_no').onDelete('cascade'))
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('reject_reason', 'text')
    .execute();
  // A student's own list, and who is On leave on a day (approved, by student and range).
  await db.schema
    .createIndex('leave_student_idx')
    .on('leave_applications')
    .columns(['roll_no', 'from_date'])
    .execute();
  await db.schema
    .createIndex('leave_status_idx')
    .on('leave_applications')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createTable('leave_attachments')
    .addColumn('leave_id', 'text', (c) =>
      c.primaryKey().references('leave_applications.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}
