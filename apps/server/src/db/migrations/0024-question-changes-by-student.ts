/**
 * Questions and their tags say whose rows changed, as attendance, passes and results do (migration
 * 0022): `schema.queries#230001`. A new question then leaves every other student's own list, and
 * every mentor's work list but its asker's mentors', in memory (db/changes.ts). A tag row names the
 * student who asked its question; when a changed tag's question is gone (deleted in the same
 * statement), or the roll numbers would not fit a notification, only the table is named, as before.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

/** A notification carries at most 8,000 bytes; the roll numbers stop well short of it. */
const MAX_ROLL_NUMBERS_TEXT = 7000;

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const triggers = async (table: string, rows: string, updates: string) => {
    const on = sql.id(table);
    const named = (what: string) => sql.id(`${table}_${what}`);
    for (const what of ['inserted', 'updated', 'deleted']) {
      await sql`drop trigger ${named(what)} on ${on}`.execute(db);
    }
    await sql`
      create trigger ${named('inserted')} after insert on ${on} referencing new table as changed_rows
      for each statement execute function ${sql.raw(rows)}()`.execute(db);
    await sql`
      create trigger ${named('updated')} after update on ${on}
      referencing old table as old_rows new table as changed_rows
      for each statement execute function ${sql.raw(updates)}()`.execute(db);
    await sql`
      create trigger ${named('deleted')} after delete on ${on} referencing old table as changed_rows
      for each statement execute function ${sql.raw(rows)}()`.execute(db);
  };
  await triggers('queries', 'campus_notify_student_rows', 'campus_notify_student_updates');

  const tellTags = (rows: string) =>
    sql.raw(`
    declare
      roll_numbers text;
      unmatched boolean;
    begin
      select string_agg(distinct q.roll_no::text, ','), bool_or(q.roll_no is null)
        into roll_numbers, unmatched
        from (${rows}) as r left join queries q on q.id = r.query_id;
      if unmatched is null then
        return null;
      elsif unmatched or length(roll_numbers) > ${MAX_ROLL_NUMBERS_TEXT} then
        perform pg_notify('campus_changes', tg_table_schema || '.' || tg_table_name);
      else
        perform pg_notify('campus_changes', tg_table_schema || '.' || tg_table_name || '#' || roll_numbers);
      end if;
      return null;
    end`);
  await sql`
    create function campus_notify_tag_rows() returns trigger language plpgsql as $$
    ${tellTags('select query_id from changed_rows')}
    $$`.execute(db);
  await sql`
    create function campus_notify_tag_updates() returns trigger language plpgsql as $$
    ${tellTags('select query_id from changed_rows union all select query_id from old_rows')}
    $$`.execute(db);
  await triggers('query_tags', 'campus_notify_tag_rows', 'campus_notify_tag_updates');
}
