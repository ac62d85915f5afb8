/**
 * On PostgreSQL, only what an instance may cache tells of its changes, and only when rows changed
 * (decision record 0009). A notification costs more than its message: PostgreSQL gives the
 * transaction an id and lets one notifying commit through at a time, so every statement that
 * notified waited for the commits of all the others. Migration 0003 had every table notify on every
 * statement: the audit entry of each change, and a mark repeating the day's statuses.
 *
 * Each table a cached read may name now has a trigger per kind of change that looks at the rows the
 * statement changed (its transition table) and notifies only when there are some. The other tables
 * say nothing.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

/** The tables of the model when this migration was written, and whether a cached read names them. */
const TABLES: Record<string, boolean> = {
  accounts: true,
  sessions: true,
  login_failures: false,
  students: true,
  teachers: true,
  teacher_groups: false,
  admins: false,
  gate_passes: true,
  queries: true,
  query_tags: true,
  query_likes: true,
  mentor_notices: true,
  events: true,
  notices: true,
  syllabus: false,
  performance: true,
  attendance: true,
  support_messages: false,
  faq: false,
  audit_log: false,
};

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function campus_notify_rows() returns trigger language plpgsql as $$
    begin
      if exists (select from changed_rows) then
        perform pg_notify('campus_changes', tg_table_schema || '.' || tg_table_name);
      end if;
      return null;
    end
    $$`.execute(db);
  for (const [table, cached] of Object.entries(TABLES)) {
    const on = sql.id(table);
    const named = (what: string) => sql.id(`${table}_${what}`);
    await sql`drop trigger ${named('changed')} on ${on}`.execute(db);
    if (!cached) continue;
    // A trigger with a transition table serves one kind of change.
    await sql`
      create trigger ${named('inserted')} after insert on ${on} referencing new table as changed_rows
      for each statement execute function campus_notify_rows()`.execute(db);
    await sql`
      create trigger ${named('updated')} after update on ${on} referencing new table as changed_rows
      for each statement execute function campus_notify_rows()`.execute(db);
    await sql`
      create trigger ${named('deleted')} after delete on ${on} referencing old table as changed_rows
      for each statement execute function campus_notify_rows()`.execute(db);
    // A truncate has no rows to show: it always tells.
    await sql`
      create trigger ${named('truncated')} after truncate on ${on}
      for each statement execute function campus_notify_change()`.execute(db);
  }
}
