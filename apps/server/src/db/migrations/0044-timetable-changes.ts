/**
 * The timetable's reads and the term settings are kept in memory (features/timetable/cache-keys.ts),
 * so their tables tell of their changes on PostgreSQL like the others (migration 0005, decision
 * record 0009). Admins change them rarely; a lecture's marks are not among them.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

const TABLES = ['campus_settings', 'courses', 'teachings', 'periods', 'holidays'];

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES) {
    const on = sql.id(table);
    const named = (what: string) => sql.id(`${table}_${what}`);
    await sql`
      create trigger ${named('inserted')} after insert on ${on} referencing new table as changed_rows
      for each statement execute function campus_notify_rows()`.execute(db);
    await sql`
      create trigger ${named('updated')} after update on ${on} referencing new table as changed_rows
      for each statement execute function campus_notify_rows()`.execute(db);
    await sql`
      create trigger ${named('deleted')} after delete on ${on} referencing old table as changed_rows
      for each statement execute function campus_notify_rows()`.execute(db);
    await sql`
      create trigger ${named('truncated')} after truncate on ${on}
      for each statement execute function campus_notify_change()`.execute(db);
  }
}
