/**
 * The staff's pending list is read newest applied first, ties by id: (status, created_at, id) gives
 * that order itself, so a first page stops after its 51 rows. With (status, created_at) alone SQLite
 * chose the (status, date, …) index for `date >= today` and sorted every pending pass first, which
 * grew with them (docs/performance.md, "Cold first pages (7 December)"). The new index replaces
 * (status, created_at), its prefix. An index needs no change triggers (decision record 0009).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('gate_passes_status_created_idx')
    .on('gate_passes')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('gate_passes_status_idx').execute();
}
