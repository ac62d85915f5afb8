/**
 * Each student's days marked and days Present, kept by triggers as attendance is marked, corrected
 * and deleted, beside whether the guardian was last told of a fall below the warning line: with
 * email on, a mark's check reads one row a student instead of each one's whole history, and the flag
 * is written where no cached read looks, not into `students`, which every cached read of students
 * (sessions among them) follows (docs/performance.md, "Migrations: what their indexes and kept counts
 * save").
 *
 * SQLite counts row by row; PostgreSQL once per statement, from the rows the statement changed.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('attendance_totals')
    .addColumn('roll_no', 'integer', (c) =>
      c.primaryKey().references('students.roll_no').onDelete('cascade').onUpdate('cascade'),
    )
    .addColumn('days_marked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('days_present', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('below_warning', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into attendance_totals (roll_no, days_marked, days_present, below_warning)
    select s.roll_no, coalesce(t.days_marked, 0), coalesce(t.days_present, 0), s.attendance_below_warning
    from students s
    left join (
      select roll_no, count(*) as days_marked,
        sum(case when status = 'Present' then 1 else 0 end) as days_present
      from attendance group by roll_no
    ) t on t.roll_no = s.roll_no`.execute(db);
  await db.schema.alterTable('students').dropColumn('attendance_below_warning').execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const present = (sign: string) => `case when status = 'Present' then ${sign}1 else 0 end`;
    await sql`
      create function campus_count_attendance_rows() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into attendance_totals (roll_no, days_marked, days_present)
          select roll_no, count(*), sum(${sql.raw(present('+'))}) from new_rows group by roll_no
          on conflict (roll_no) do update
          set days_marked = attendance_totals.days_marked + excluded.days_marked,
              days_present = attendance_totals.days_present + excluded.days_present;
        elsif tg_op = 'DELETE' then
          update attendance_totals t set days_marked = t.days_marked - d.n, days_present = t.days_present - d.p
          from (select roll_no, count(*) as n, sum(${sql.raw(present('+'))}) as p from old_rows group by roll_no) d
          where t.roll_no = d.roll_no;
        else
          update attendance_totals t set days_present = t.days_present + d.p
          from (
            select roll_no, sum(p) as p from (
              select roll_no, ${sql.raw(present('+'))} as p from new_rows
              union all select roll_no, ${sql.raw(present('-'))} from old_rows
            ) x group by roll_no having sum(p) <> 0
          ) d
          where t.roll_no = d.roll_no;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger attendance_totals_inserted after insert on attendance referencing new table as new_rows
      for each statement execute function campus_count_attendance_rows()`.execute(db);
    await sql`
      create trigger attendance_totals_updated after update on attendance
      referencing old table as old_rows new table as new_rows
      for each statement execute function campus_count_attendance_rows()`.execute(db);
    await sql`
      create trigger attendance_totals_deleted after delete on attendance referencing old table as old_rows
      for each statement execute function campus_count_attendance_rows()`.execute(db);
    return;
  }
  await sql`
    create trigger attendance_totals_inserted after insert on attendance
    begin
      insert into attendance_totals (roll_no, days_marked, days_present)
      values (new.roll_no, 1, new.status = 'Present')
      on conflict (roll_no) do update
      set days_marked = days_marked + 1, days_present = days_present + excluded.days_present;
    end`.execute(db);
  await sql`
    create trigger attendance_totals_updated after update of status on attendance
    when old.status <> new.status
    begin
      update attendance_totals
      set days_present = days_present + (new.status = 'Present') - (old.status = 'Present')
      where roll_no = new.roll_no;
    end`.execute(db);
  await sql`
    create trigger attendance_totals_deleted after delete on attendance
    begin
      update attendance_totals
      set days_marked = days_marked - 1, days_present = days_present - (old.status = 'Present')
      where roll_no = old.roll_no;
    end`.execute(db);
}
