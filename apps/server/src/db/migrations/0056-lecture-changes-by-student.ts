/**
 * A lecture's marks and each student's course totals are kept in memory per student, as attendance
 * is (db/changes.ts): a student's day of lectures, their attendance by course and a teacher's day are
 * read from memory until a mark of that group changes them. On PostgreSQL the two tables tell
 * the other instances whose rows changed (`schema.lecture_marks#230001,…`, migration 0022).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

const TABLES = ['lecture_marks', 'course_totals'];

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES) {
    const on = sql.id(table);
    const named = (what: string) => sql.id(`${table}_${what}`);
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
    await sql`
      create trigger ${named('truncated')} after truncate on ${on}
      for each statement execute function campus_notify_change()`.execute(db);
  }
}
