/**
 * Room for the rows that are written over and over to be rewritten in place. On PostgreSQL an update
 * that changes no indexed column and finds room on its row's page is a heap-only update: no index
 * gets a new entry, and the page's old versions are cleared by the next read of the page, without
 * waiting for a vacuum. A re-mark of a day's attendance and every counted write's rate-limit counter
 * are such updates once there is room:
 * - attendance pages are filled to 70 %, so a day's marks, inserted together, can be corrected in
 *   place (older, full pages are not rewritten; the new day's rows go to new pages);
 * - rate-limit counters lose their index on `expires_at`, which every hit changed. The scheduled
 *   pruning reads the whole (small) table instead; on SQLite the index goes too, one write fewer.
 *
 * And the audit log is read newest first by (at, id), which its index on `at` alone could not give
 * in order, so SQLite sorted every entry for a page (docs/performance.md, "Migrations: what their
 * indexes and kept counts save"). The index on (at, id) gives the page in order, and still serves the
 * pruning by `at`.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('rate_limits_expires_idx').execute();
  await db.schema.dropIndex('audit_log_at_idx').execute();
  await db.schema.createIndex('audit_log_at_id_idx').on('audit_log').columns(['at', 'id']).execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table attendance set (fillfactor = 70)`.execute(db);
  await sql`alter table rate_limits set (fillfactor = 50)`.execute(db);
}
