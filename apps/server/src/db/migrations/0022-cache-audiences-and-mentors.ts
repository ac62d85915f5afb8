/**
 * Who a notice is for (`notice_audience_groups`) and who mentors whom (`teacher_groups`) become
 * tables a cached read may name: the notice lists are kept in memory per reader, and a student's
 * mentor notices follow their mentors. On PostgreSQL a cached table tells the other instances of its
 * changes (migration 0005, decision record 0009): these two get the same triggers.
 *
 * The tables whose rows each belong to one student (attendance, gate passes, performance) now say
 * whose rows changed: `schema.table#230001,230002`, so that marking one group's attendance leaves
 * every other student's history in memory (db/changes.ts). A statement that changed so many
 * students that their roll numbers would not fit a notification says only its table, as before.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

const TABLES = ['notice_audience_groups', 'teacher_groups'];
const STUDENT_TABLES = ['attendance', 'gate_passes', 'performance'];

/** A notification carries at most 8,000 bytes; the roll numbers stop well short of it. */
const MAX_ROLL_NUMBERS_TEXT = 7000;

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
  const tell = (rows: string) =>
    sql.raw(`
    declare
      roll_numbers text;
    begin
      select string_agg(distinct roll_no::text, ',') into roll_numbers from (${rows}) as r;
      if roll_numbers is null then
        return null;
      elsif length(roll_numbers) > ${MAX_ROLL_NUMBERS_TEXT} then
        perform pg_notify('campus_changes', tg_table_schema || '.' || tg_table_name);
      else
        perform pg_notify('campus_changes', tg_table_schema || '.' || tg_table_name || '#' || roll_numbers);
      end if;
      return null;
    end`);
  await sql`
    create function campus_notify_student_rows() returns trigger language plpgsql as $$
    ${tell('select roll_no from changed_rows')}
    $$`.execute(db);
  // An update names the students of the rows before it as well as after it.
  await sql`
    create function campus_notify_student_updates() returns trigger language plpgsql as $$
    ${tell('select roll_no from changed_rows union all select roll_no from old_rows')}
    $$`.execute(db);
  for (const table of STUDENT_TABLES) {
    const on = sql.id(table);
    const named = (what: string) => sql.id(`${table}_${what}`);
    for (const what of ['inserted', 'updated', 'deleted']) {
      await sql`drop trigger ${named(what)} on ${on}`.execute(db);
    }
    await sql`
      create trigger ${named('inserted')} after insert on ${on} referencing new table as changed_rows
      for each statement execute function campus_notify_student_rows()`.execute(db);
    await sql`
      create trigger ${named('updated')} after update on ${on}
      referencing old table as old_rows new table as changed_rows
      for each statement execute function campus_notify_student_updates()`.execute(db);
    await sql`
      create trigger ${named('deleted')} after delete on ${on} referencing old table as changed_rows
      for each statement execute function campus_notify_student_rows()`.execute(db);
  }
}
