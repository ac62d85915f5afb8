/**
 * The gate (issue 22, decision record 0031): guards (the gate desk) have accounts like teachers; an
 * approved pass gets a short code, its exit and return (time and who), a revocation, the return
 * time the student gave, and the moment its mentors were told it is overdue; every scan at the gate
 * is kept. The credential signing key lives in campus_settings. No cached read names the new
 * tables, so on PostgreSQL they get no change triggers (decision record 0009); gate_passes has its own.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('guards')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('guard_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_no', 'text')
    .execute();
  for (const column of [
    'return_by',
    'gate_code',
    'exited_at',
    'exited_by',
    'returned_at',
    'returned_by',
    'revoked_at',
    'revoked_by',
    'overdue_notified_at',
  ]) {
    await db.schema.alterTable('gate_passes').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('gate_passes_code_idx')
    .on('gate_passes')
    .column('gate_code')
    .unique()
    .execute();
  // Who is out now: the few passes with an exit and no return.
  await db.schema
    .createIndex('gate_passes_out_idx')
    .on('gate_passes')
    .column('exited_at')
    .where(sql<boolean>`returned_at is null and exited_at is not null`)
    .execute();
  await db.schema
    .createTable('gate_scans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('guard_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('gate_pass_id', 'text', (c) => c.references('gate_passes.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('via', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gate_scans_at_idx').on('gate_scans').columns(['at', 'id']).execute();
  await db.schema.createIndex('gate_scans_pass_idx').on('gate_scans').column('gate_pass_id').execute();
}
