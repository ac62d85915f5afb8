/**
 * Guardian consent for gate passes (issue 61, decision record 0092): a pass may wait for a
 * guardian's consent (`gate_passes.guardian_consent`: null when none was asked, then waiting,
 * given or declined), and each consent link mailed to a guardian is a row, bound to its pass and
 * guardian, used once. The staff lists read `gate_passes`, whose change triggers already cover the
 * new column; no cached read names the links, so on PostgreSQL they get no triggers (record 0009).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('gate_passes').addColumn('guardian_consent', 'text').execute();
  await db.schema
    .createTable('gate_pass_consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gatepass_id', 'text', (c) => c.notNull().references('gate_passes.id').onDelete('cascade'))
    .addColumn('guardian_account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('gate_pass_consents_pass_idx')
    .on('gate_pass_consents')
    .column('gatepass_id')
    .execute();
}
