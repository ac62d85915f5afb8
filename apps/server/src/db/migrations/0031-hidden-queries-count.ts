/**
 * The questions staff hid, in an index of their own: the admins' Queries Collection counts every
 * question, hidden or not, as the hidden ones (a few, read from this index) added to the two boards'
 * totals that migration 0025 keeps, instead of counting every question on every first page
 * (docs/performance.md, "Migrations: what their indexes and kept counts save").
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('queries_hidden_idx')
    .on('queries')
    .column('created_at')
    .where(sql.ref('hidden_at'), 'is not', null)
    .execute();
}
