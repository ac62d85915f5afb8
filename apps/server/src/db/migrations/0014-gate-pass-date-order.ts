/**
 * The teachers' work list sorts a status's passes by the day they are for: an index on (status,
 * date, created_at) reads a page of it in order, ties newest applied first. Filters by group and by
 * mentored groups go through students (group_name, roll_no) and gate_passes (roll_no, status, …),
 * and sorts by name and group through the students' indexes, which exist already. gate_passes
 * already has its change triggers on PostgreSQL; an index needs none (decision record 0009).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('gate_passes_status_date_idx')
    .on('gate_passes')
    .columns(['status', 'date', 'created_at'])
    .execute();
}
