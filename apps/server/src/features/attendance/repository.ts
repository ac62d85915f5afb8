/** The student roster and attendance: all the SQL of the attendance domain. */
import type {
  AttendanceMark,
  AttendanceRecord,
  AttendanceStatus,
  PassMovements,
  RosterStudent,
} from '@campus/contract';
import { sql, type OperationNodeSource } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import { nowIso } from '../../lib/ids';
import { countOf, listPage, mapItems, type Listed, type Page } from '../../lib/lists';
import { writingRows } from '../../db/changes';
import { attendanceWrites } from './cache-keys';
import { writeTogether, type CountedWrite } from '../../db/together';
import { leaveCovers, movementsOf, passMovementsText, passOnDay } from '../leave/repository';
import { insertEntries, type AuditRecord } from '../audit/repository';

export interface MarkInput {
  rollNo: number;
  status: AttendanceStatus;
}

export type MarkResult = { ok: true } | { ok: false; unknownRollNos: number[] };

/**
 * The two statements of a mark, each taking the whole roster as one JSON parameter (an object from
 * roll number to status; a roll number appears once): the database unpacks it, so the SQL text never
 * changes with the roster's size and nothing is built per record. An unchanged status keeps who
 * marked it and when, and writes nothing. The conflict is looked for in the (date, roll_no) key,
 * where one day's rows are neighbours (migration 0004).
 *
 * The route passes only the marks whose status differs from the day's record (`beforeMark`): on
 * PostgreSQL the conflict path locks every row it meets, so unchanged statuses would queue teachers
 * on each other's locks; a status set to the same value meanwhile is left by the update's condition
 * (docs/performance.md, "Attendance: a mark's write and a group's marks").
 */
function markStatements(dialect: Dialect, date: string, roster: string, markedBy: string, markedAt: string) {
  if (dialect === 'postgres') {
    return {
      unknown: sql<{ roll_no: number }>`
        select r.key::integer as roll_no from json_each_text(${roster}::json) as r
        where not exists (select 1 from students s where s.roll_no = r.key::integer)`,
      upsert: sql`
        insert into attendance (roll_no, date, status, marked_by, marked_at)
        select r.key::integer, ${date}, r.value, ${markedBy}, ${markedAt}
        from json_each_text(${roster}::json) as r
        on conflict on constraint attendance_date_roll_key do update
        set status = excluded.status, marked_by = excluded.marked_by, marked_at = excluded.marked_at
        where attendance.status <> excluded.status`,
    };
  }
  return {
    unknown: sql<{ roll_no: number }>`
      select cast(r.key as integer) as roll_no from json_each(${roster}) as r
      where not exists (select 1 from students s where s.roll_no = cast(r.key as integer))`,
    upsert: sql`
      insert into attendance (roll_no, date, status, marked_by, marked_at)
      select cast(r.key as integer), ${date}, r.value, ${markedBy}, ${markedAt}
      from json_each(${roster}) as r
      where true
      on conflict (date, roll_no) do update
      set status = excluded.status, marked_by = excluded.marked_by, marked_at = excluded.marked_at
      where attendance.status <> excluded.status`,
  };
}

/** What a mark needs to know of each student it names before writing, from one statement. */
export interface BeforeMark {
  /** The status each student already has that day, where marked. */
  recorded: Map<number, AttendanceStatus>;
  /** Students with approved leave covering the day. */
  leave: number[];
  /** The day's approved passes of these students, which excuse the day only for the time out. */
  passes: [number, PassMovements][];
}

/**
 * What the day holds for a mark's roster (the JSON object of a mark, `{"230001":"Present",…}`), as
 * rows of three kinds: `away` 0 is a recorded status, 1 approved leave covering the day, 2 a pass
 * approved for it with its movements in `recorded` (the rules of leave/repository.ts), in one
 * statement. On PostgreSQL the marks are read student by student (a lateral read) and the day is a
 * value the planner does not look at, so the kept plan serves every day (decision record 0049; why,
 * in docs/performance.md, "Attendance: the statement before a mark"). An unknown roll number is not
 * looked for: the write's foreign key refuses it (`mark`).
 */
function beforeMarkStatement(dialect: Dialect, date: string, roster: string, recordedKnown: boolean) {
  const day = dialect === 'postgres' ? sql<string>`(select ${date}::text)` : date;
  // The roster in each part, not in a `with`: a `with` statement may write, and is counted as a write
  // where the driver cannot tell (db/changes.ts, `writeTarget`).
  const rollNos = () =>
    dialect === 'postgres'
      ? sql`select r.key::integer from json_each_text(${roster}::json) as r`
      : sql`select cast(r.key as integer) from json_each(${roster}) as r`;
  const recorded =
    dialect === 'postgres'
      ? sql`
        select a.roll_no, a.status as recorded, 0 as away from json_each_text(${roster}::json) as r
        cross join lateral (
          select a.roll_no, a.status from attendance a where a.date = ${day} and a.roll_no = r.key::integer limit 1
        ) as a`
      : sql`
        select a.roll_no, a.status as recorded, 0 as away from attendance a
        where a.date = ${date} and a.roll_no in (${rollNos()})`;
  const away = sql`
    select l.roll_no, null as recorded, 1 as away from leave_applications l
      where ${leaveCovers(day)} and l.roll_no in (${rollNos()})
    union all
    select g.roll_no, ${passMovementsText}, 2 from gate_passes g
      where ${passOnDay(day)} and g.roll_no in (${rollNos()})`;
  return recordedKnown
    ? sql<{ roll_no: number; recorded: string | null; away: number }>`${away}`
    : sql<{ roll_no: number; recorded: string | null; away: number }>`
    ${recorded}
    union all
    ${away}`;
}

/** A foreign key refused the statement (better-sqlite3 and pg name it differently). */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** A mark's roster as one JSON object from roll number to status. */
function rosterOf(records: readonly MarkInput[]): string {
  // Integer keys and a status from a fixed list: nothing in it needs escaping.
  return `{${records.map((r) => `"${r.rollNo}":"${r.status}"`).join(',')}}`;
}

export function attendanceRepository(db: Db, dialect: Dialect) {
  return {
    /** Students by roll number, optionally of one group. */
    async listRoster(filter: { group?: string | undefined }, page: Page): Promise<Listed<RosterStudent>> {
      let query = db
        .selectFrom('students')
        .select(['account_id', 'name', 'roll_no', 'group_name'])
        .orderBy('roll_no');
      if (filter.group !== undefined) query = query.where('group_name', '=', filter.group);
      return mapItems(await listPage(query, page), (r) => ({
        _id: r.account_id,
        name: r.name,
        RollNo: r.roll_no,
        group: r.group_name,
      }));
    },

    /**
     * What the day holds for each student of a mark's roster, and who is On leave. `recorded`, when
     * known already (the group's marks kept in memory), is not read again.
     */
    async beforeMark(
      date: string,
      records: readonly MarkInput[],
      recorded?: ReadonlyMap<number, AttendanceStatus>,
    ): Promise<BeforeMark> {
      const out: BeforeMark = { recorded: new Map(recorded), leave: [], passes: [] };
      if (records.length === 0) return out;
      const statement = beforeMarkStatement(dialect, date, rosterOf(records), recorded !== undefined);
      const { rows } = await statement.execute(db);
      for (const row of rows) {
        const { away } = row;
        if (away === 0) out.recorded.set(row.roll_no, row.recorded as AttendanceStatus);
        else if (away === 1) out.leave.push(row.roll_no);
        else out.passes.push([row.roll_no, movementsOf(row.recorded!)]);
      }
      return out;
    },

    /** The group a student is in, or undefined for no such student. */
    async groupOf(rollNo: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('students')
        .select('group_name')
        .where('roll_no', '=', rollNo)
        .executeTakeFirst();
      return row?.group_name;
    },

    async studentExists(rollNo: number): Promise<boolean> {
      const row = await db
        .selectFrom('students')
        .select('roll_no')
        .where('roll_no', '=', rollNo)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks one day for many students in one statement, which is all or nothing: marking a student
     * again on the same day with another status replaces that day's mark; the same status again changes
     * nothing. When any roll number is unknown nothing is written, and the answer names them.
     */
    async mark(
      date: string,
      records: readonly MarkInput[],
      markedBy: string,
      /** The request's audit entries, written with the marks (`entriesWithWrite`). */
      audit: readonly AuditRecord[],
      /** The marks' count against the teacher's allowance, made with them. */
      counted?: CountedWrite,
      /** Their webhook event's queueing (decision record 0085), written with them. */
      event?: OperationNodeSource,
    ): Promise<MarkResult> {
      const statements = markStatements(dialect, date, rosterOf(records), markedBy, nowIso());
      const rollNos = records.map((r) => r.rollNo);
      // Marks that change nothing write their audit entries alone.
      const parts = [
        ...(records.length > 0 ? [statements.upsert] : []),
        ...(event && records.length > 0 ? [event] : []),
        ...(audit.length > 0 ? [insertEntries(audit)] : []),
      ];
      try {
        // The foreign key from attendance to students refuses an unknown roll number, and the
        // statement with it: only then are the unknown ones looked up, to name them.
        // It writes these students' rows only: every other student's history stays in memory.
        // With their audit entries: on PostgreSQL in one statement, one round trip.
        const scoped = (on: Db) => writingRows(on, attendanceWrites.marks(rollNos));
        await writeTogether(db, dialect, scoped, parts, counted);
        return { ok: true };
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        const unknown = new Set((await statements.unknown.execute(db)).rows.map((r) => r.roll_no));
        if (unknown.size === 0) throw error;
        // Named in the order the request gave them.
        return { ok: false, unknownRollNos: records.map((r) => r.rollNo).filter((n) => unknown.has(n)) };
      }
    },

    /** The marks already given on one day to one group's students, by roll number. */
    async marksForGroup(group: string, date: string, page: Page): Promise<Listed<AttendanceMark>> {
      // From the group's students, each one's mark by the (date, roll_no) key, never from the day's
      // side (docs/performance.md, "Attendance: a mark's write and a group's marks").
      const query = db
        .selectFrom('students as s')
        .$call((q) =>
          dialect === 'postgres'
            ? q.innerJoinLateral(
                (eb) =>
                  eb
                    .selectFrom('attendance as a')
                    .select('a.status')
                    .whereRef('a.roll_no', '=', 's.roll_no')
                    // The day hidden from the planner, as in a mark's read before it (beforeMarkStatement):
                    // a day newer than its statistics looks rare, and the (date, status) index read
                    // every mark of the day for each student (360 ms, not 1).
                    .where('a.date', '=', sql<string>`(select ${date}::text)`)
                    .limit(1)
                    .as('a'),
                (join) => join.onTrue(),
              )
            : q
                .crossJoin('attendance as a')
                .whereRef('a.roll_no', '=', 's.roll_no')
                .where('a.date', '=', date),
        )
        .select(['s.roll_no', 'a.status'])
        .where('s.group_name', '=', group)
        .orderBy('s.roll_no');
      return mapItems(await listPage(query, page), (r) => ({
        studentId: r.roll_no,
        status: r.status,
      }));
    },

    /**
     * A student's marks, newest first, or undefined when there is no such student: one statement
     * answers both (the student's row, joined to its marks), one round trip on PostgreSQL. A student
     * without a mark comes back as one row without a date. Only a page past the end, which has no
     * row at all, asks again whether the student exists.
     */
    async history(rollNo: number, page: Page): Promise<Listed<AttendanceRecord> | undefined> {
      const query = db
        .selectFrom('students as s')
        .leftJoin('attendance as a', 'a.roll_no', 's.roll_no')
        .select(['a.date', 'a.status'])
        .where('s.roll_no', '=', rollNo)
        .orderBy('a.date', 'desc');
      const found = await listPage(query, page, () =>
        countOf(db.selectFrom('attendance').where('roll_no', '=', rollNo)),
      );
      const items = found.items.filter((r): r is AttendanceRecord => r.date !== null && r.status !== null);
      if (found.items.length === 0) {
        return page.offset > 0 && (await this.studentExists(rollNo))
          ? { items, total: found.total }
          : undefined;
      }
      return items.length === found.items.length ? { items, total: found.total } : { items: [], total: 0 };
    },
  };
}

export type AttendanceRepository = ReturnType<typeof attendanceRepository>;
