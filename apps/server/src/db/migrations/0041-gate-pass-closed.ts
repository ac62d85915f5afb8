/**
 * A pending gate pass whose day passed closes itself (decision record 0067): it is rejected by no one,
 * and `closed_at` says when it closed, so that it is told apart from a teacher's rejection everywhere.
 * The sweep that closes them reads (status, date) by the index that orders the work list by date.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('gate_passes').addColumn('closed_at', 'text').execute();
}
