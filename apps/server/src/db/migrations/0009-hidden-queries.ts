/**
 * Staff may hide a query as spam: it leaves both boards and stays in its student's own list and in
 * the admin collection. Each board's filter (solved or not, and not hidden) and order (newest first,
 * then id) is one partial index, read backwards for a page; the (solved_at, created_at) index the
 * boards used before could not skip hidden queries and goes.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('queries').addColumn('hidden_at', 'text').execute();
  await db.schema
    .alterTable('queries')
    .addColumn('hidden_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('queries_unsolved_board_idx')
    .on('queries')
    .columns(['created_at', 'id'])
    .where(sql<boolean>`solved_at is null and hidden_at is null`)
    .execute();
  await db.schema
    .createIndex('queries_solved_board_idx')
    .on('queries')
    .columns(['created_at', 'id'])
    .where(sql<boolean>`solved_at is not null and hidden_at is null`)
    .execute();
  await db.schema.dropIndex('queries_solved_idx').execute();
}
