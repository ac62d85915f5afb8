/**
 * A lecture's roster and its marks: the group's students with their marks, and who is away for it
 * (approved leave covering the day, or a gate pass whose time out overlaps the lecture). A mark
 * saves every row it can and keeps away students On leave unless overridden (decision record 0081).
 */
import {
  instantAt,
  passCoversLecture,
  type LectureMarkInput,
  type LectureRosterRow,
  type LectureStatus,
  type CourseState,
  type Period,
} from '@campus/contract';
import { sql, type CompiledQuery, type OperationNodeSource } from 'kysely';
import { scopedText, type WrittenRows } from '../../db/changes';
import type { Db, Dialect } from '../../db/index';
import { transactionSentAhead } from '../../db/pipelined';
import { isOverAllowance, OverAllowance, type CountedWrite } from '../../db/together';
import type { AwaySource } from '../attendance/leave-rule';
import { insertEntries, type AuditRecord } from '../audit/repository';
import type { GroupAway, RosterMark } from './reads';
import { timetableWrites } from './cache-keys';

export interface LectureAt {
  period: Period;
  date: string;
  zone: string;
}

/** The lecture's start and end as instants. */
export const lectureSpan = ({ period, date, zone }: LectureAt) => ({
  start: instantAt(date, period.start, zone),
  end: instantAt(date, period.end, zone),
});

/** Who of the group is away for the lecture, and why: approved leave wins over a pass. */
export function awayFor(group: GroupAway, lecture: LectureAt, now: number): Map<number, AwaySource> {
  const span = lectureSpan(lecture);
  const away = new Map<number, AwaySource>();
  for (const p of group.passes) {
    if (passCoversLecture(p.movements, span, now, lecture.zone)) away.set(p.rollNo, 'gatepass');
  }
  for (const rollNo of group.onLeave) away.set(rollNo, 'leave');
  return away;
}

/** The group's students with their marks of the lecture, by roll number, and who is away. */
export function lectureRoster(
  marks: readonly RosterMark[],
  away: ReadonlyMap<number, AwaySource>,
): LectureRosterRow[] {
  return marks.map((r) => ({
    RollNo: r.roll_no,
    name: r.name,
    status: r.status ?? null,
    lateMinutes: r.late_minutes ?? null,
    away: away.get(r.roll_no) ?? null,
  }));
}

export interface LectureMark {
  rollNo: number;
  status: LectureStatus;
  lateMinutes: number | null;
}

/** A student's counted marks in a course after a lecture's mark, and the state last told. */
export interface CourseTotals {
  rollNo: number;
  present: number;
  late: number;
  absent: number;
  onLeave: number;
  state: CourseState;
}

const COUNTED: Record<LectureStatus, number> = { Present: 0, Late: 1, Absent: 2, 'On leave': 3 };

/** What a student's totals (present, late, absent, on leave) change by when a mark goes from `before` to `after`. */
function countChange(before: LectureStatus | undefined, after: LectureStatus): number[] {
  const change = [0, 0, 0, 0];
  if (before !== undefined) change[COUNTED[before]]! -= 1;
  change[COUNTED[after]]! += 1;
  return change;
}

/**
 * The statements of a lecture's mark on SQLite as SQL text, written once and run as they are (no
 * statement is built per mark). The two writes take their rows as one JSON parameter (an object from
 * roll number to values) that the database unpacks, as the day's mark does (attendance/repository.ts).
 * SQLite runs them in the same turn of the event loop, so they stay apart.
 */
const SQLITE_MARK = {
  before: 'select roll_no, status, late_minutes from lecture_marks where period_id = ? and date = ?',
  marks: `
    insert into lecture_marks (period_id, date, roll_no, course_code, status, late_minutes, marked_by, marked_at)
    select ?, ?, cast(r.key as integer), ?, json_extract(r.value, '$[0]'), json_extract(r.value, '$[1]'), ?, ?
    from json_each(?) as r where true
    on conflict (period_id, date, roll_no) do update
    set status = excluded.status, late_minutes = excluded.late_minutes,
      marked_by = excluded.marked_by, marked_at = excluded.marked_at`,
  totals: `
    insert into course_totals (roll_no, course_code, present, late, absent, on_leave, state)
    select cast(r.key as integer), ?, json_extract(r.value, '$[0]'), json_extract(r.value, '$[1]'),
      json_extract(r.value, '$[2]'), json_extract(r.value, '$[3]'), 'ok'
    from json_each(?) as r where true
    on conflict (roll_no, course_code) do update
    set present = course_totals.present + excluded.present, late = course_totals.late + excluded.late,
      absent = course_totals.absent + excluded.absent, on_leave = course_totals.on_leave + excluded.on_leave
    returning roll_no, present, late, absent, on_leave, state`,
};

/** A status's column of the totals, counted up by one for `now` and down by one for `was`. */
const moved = (status: LectureStatus) =>
  `(case when status = '${status}' then 1 else 0 end) - (case when was = '${status}' then 1 else 0 end)`;

/**
 * On PostgreSQL, once the lecture is locked, the marks before, the changed marks, their write
 * and the totals' move are one statement: one round trip where each waits its turn on a busy server.
 * Its parts all read the marks as they were when it began; it answers the changed marks (`m`) and
 * the moved totals (`t`).
 */
const PG_MARK = `
  with input as (
    select r.key::integer as roll_no, r.value->>0 as status, (r.value->>1)::integer as late_minutes
    from json_each($6::json) as r
  ), before as (
    select roll_no, status, late_minutes from lecture_marks where period_id = $1 and date = $2
  ), changed as (
    select i.roll_no, i.status, i.late_minutes, b.status as was
    from input i left join before b on b.roll_no = i.roll_no
    where b.roll_no is null or b.status <> i.status or b.late_minutes is distinct from i.late_minutes
  ), marks as (
    insert into lecture_marks (period_id, date, roll_no, course_code, status, late_minutes, marked_by, marked_at)
    select $1, $2, roll_no, $3, status, late_minutes, $4, $5 from changed
    on conflict (period_id, date, roll_no) do update
    set status = excluded.status, late_minutes = excluded.late_minutes,
      marked_by = excluded.marked_by, marked_at = excluded.marked_at
  ), totals as (
    insert into course_totals (roll_no, course_code, present, late, absent, on_leave, state)
    select roll_no, $3, ${moved('Present')}, ${moved('Late')}, ${moved('Absent')}, ${moved('On leave')}, 'ok'
    from changed where was is distinct from status
    on conflict (roll_no, course_code) do update
    set present = course_totals.present + excluded.present, late = course_totals.late + excluded.late,
      absent = course_totals.absent + excluded.absent, on_leave = course_totals.on_leave + excluded.on_leave
    returning roll_no, present, late, absent, on_leave, state
  )
  select 'm' as part, roll_no, status, late_minutes, null::integer as present, null::integer as late,
    null::integer as absent, null::integer as on_leave, null::text as state
  from changed
  union all
  select 't', roll_no, null, null, present, late, absent, on_leave, state from totals`;

interface PgMarkRow extends TotalsRow {
  part: 'm' | 't';
  status: LectureStatus;
  late_minutes: number | null;
}

interface TotalsRow {
  roll_no: number;
  present: number;
  late: number;
  absent: number;
  on_leave: number;
  state: CourseState;
}

interface MarkRow {
  roll_no: number;
  status: LectureStatus;
  late_minutes: number | null;
}

/** Runs a statement as it is; one that writes says whose rows (`timetableWrites`). */
async function run<R>(
  trx: Db,
  text: string,
  parameters: readonly unknown[],
  writes: WrittenRows = {},
): Promise<R[]> {
  return (await trx.executeQuery<R>(scopedText(text, parameters, writes))).rows;
}

/**
 * A write counted against its writer's allowance (`countedWrite`, decision record 0051), made by
 * `attempt`: over it, nothing is kept and the write is refused, or made uncounted when the count
 * apart finds room after all.
 */
async function withinAllowance<T>(
  counted: CountedWrite | undefined,
  attempt: (counted: CountedWrite | undefined) => Promise<T>,
): Promise<T> {
  if (!counted) return attempt(undefined);
  let result: T;
  try {
    result = await attempt(counted);
  } catch (error) {
    if (!isOverAllowance(error)) throw error;
    await counted.refused();
    return attempt(undefined);
  }
  counted.landed();
  return result;
}

/** `work` in one transaction that first counts the write (`withinAllowance`). */
const countedTransaction = <T>(db: Db, counted: CountedWrite | undefined, work: (trx: Db) => Promise<T>) =>
  withinAllowance(counted, (count) =>
    db.transaction().execute(async (trx) => {
      if (count) {
        const { rows } = await count.count.execute(trx);
        if (Number(rows[0]!.hits) > count.limit) throw new OverAllowance();
      }
      return work(trx);
    }),
  );

/** What a lecture's mark writes besides the marks, in their transaction. */
export interface MarkWith {
  /** The write's count against its writer's allowance. */
  counted?: CountedWrite;
  /** The request's audit entries (`entriesWithWrite`). */
  audit?: readonly AuditRecord[];
  /** Runs once the changed marks are written (their webhook event, record 0085). */
  then?: (trx: Db, marks: LectureMark[]) => Promise<void>;
  /** Runs once the totals have moved, with the totals of the students whose counts changed. */
  moved?: (trx: Db, totals: CourseTotals[]) => Promise<void>;
}

/**
 * Writes the lecture's marks that change something and moves the course's totals of those students
 * by what changed, in one transaction with the mark's count and audit entries, and answers those
 * students' totals as they now stand. Marks of one lecture are written one at a time on PostgreSQL
 * (a lock of the lecture), so two marks never count one change twice.
 */
export async function writeLectureMarks(
  db: Db,
  dialect: Dialect,
  lecture: LectureAt,
  marks: readonly LectureMark[],
  by: { markedBy: string; markedAt: string },
  also: MarkWith = {},
): Promise<CourseTotals[]> {
  const { period, date } = lecture;
  if (dialect === 'postgres') return markOnPostgres(db, lecture, marks, by, also);
  return countedTransaction(db, also.counted, async (trx) => {
    if (also.audit && also.audit.length > 0) await insertEntries(also.audit).execute(trx);
    if (marks.length === 0) return [];
    const marked = await run<MarkRow>(trx, SQLITE_MARK.before, [period._id, date]);
    const before = new Map(marked.map((m) => [m.roll_no, m]));
    const written: Record<number, [LectureStatus, number | null]> = {};
    const changes: Record<number, number[]> = {};
    let writes = 0;
    let changed = 0;
    for (const m of marks) {
      const was = before.get(m.rollNo);
      if (was?.status === m.status && was.late_minutes === m.lateMinutes) continue;
      written[m.rollNo] = [m.status, m.lateMinutes];
      writes++;
      if (was?.status !== m.status) {
        changes[m.rollNo] = countChange(was?.status, m.status);
        changed++;
      }
    }
    if (writes === 0) return [];
    await run(
      trx,
      SQLITE_MARK.marks,
      [period._id, date, period.course, by.markedBy, by.markedAt, JSON.stringify(written)],
      timetableWrites.marks(Object.keys(written).map(Number)),
    );
    await also.then?.(
      trx,
      Object.entries(written).map(([rollNo, [status, lateMinutes]]) => ({
        rollNo: Number(rollNo),
        status,
        lateMinutes,
      })),
    );
    if (changed === 0) return [];
    const rows = await run<TotalsRow>(
      trx,
      SQLITE_MARK.totals,
      [period.course, JSON.stringify(changes)],
      timetableWrites.totals(Object.keys(changes).map(Number)),
    );
    const totals = rows.map(totalsOf);
    await also.moved?.(trx, totals);
    return totals;
  });
}

/**
 * `writeLectureMarks` on PostgreSQL: `begin`, the lock with the count and audit entries, and the
 * marks with the totals go in one round trip (decision record 0096); then what follows the marks.
 */
async function markOnPostgres(
  db: Db,
  lecture: LectureAt,
  marks: readonly LectureMark[],
  by: { markedBy: string; markedAt: string },
  also: MarkWith,
): Promise<CourseTotals[]> {
  return withinAllowance(also.counted, (counted) => {
    const lock = lockedWith(db, lecture, [
      ...(counted ? [counted.count] : []),
      ...(also.audit && also.audit.length > 0 ? [insertEntries(also.audit)] : []),
    ]);
    if (marks.length === 0) return transactionSentAhead(db, [lock], () => Promise.resolve([]));
    return transactionSentAhead(db, [lock, markStatement(lecture, marks, by)], (trx, answers) =>
      afterMark(trx, answers[1]!.rows as PgMarkRow[], also),
    );
  });
}

/**
 * Locks the lecture (a period on a date) for the rest of the transaction, so two marks of it never
 * count one change twice; the same period's other days are marked meanwhile. One statement with
 * `parts`: the count fails it when over the allowance (`OVER_ALLOWANCE`).
 */
function lockedWith(
  db: Db,
  { period, date }: LectureAt,
  parts: readonly OperationNodeSource[],
): CompiledQuery {
  const lock = sql`select pg_advisory_xact_lock(hashtextextended(${period._id}::text || '|' || ${date}::text, 0))`;
  const before = parts.map((part, n) => sql`${sql.raw(`written_${n}`)} as (${part})`);
  return (parts.length === 0 ? lock : sql`with ${sql.join(before)} ${lock}`).compile(db);
}

/** The marks and the totals of a locked lecture on PostgreSQL, in one statement (`PG_MARK`). */
function markStatement(
  { period, date }: LectureAt,
  marks: readonly LectureMark[],
  by: { markedBy: string; markedAt: string },
): CompiledQuery {
  const sent: Record<number, [LectureStatus, number | null]> = {};
  for (const m of marks) sent[m.rollNo] = [m.status, m.lateMinutes];
  return scopedText(
    PG_MARK,
    [period._id, date, period.course, by.markedBy, by.markedAt, JSON.stringify(sent)],
    timetableWrites.marksAndTotals(marks.map((m) => m.rollNo)),
  );
}

/** What follows the marks `PG_MARK` answered, in their transaction; answers the totals that moved. */
async function afterMark(trx: Db, rows: readonly PgMarkRow[], also: MarkWith): Promise<CourseTotals[]> {
  const written = rows
    .filter((r) => r.part === 'm')
    .map((r) => ({ rollNo: r.roll_no, status: r.status, lateMinutes: r.late_minutes }));
  if (written.length > 0) await also.then?.(trx, written);
  const totals = rows.filter((r) => r.part === 't').map(totalsOf);
  if (totals.length > 0) await also.moved?.(trx, totals);
  return totals;
}

const totalsOf = (r: TotalsRow): CourseTotals => ({
  rollNo: r.roll_no,
  present: r.present,
  late: r.late,
  absent: r.absent,
  onLeave: r.on_leave,
  state: r.state,
});

/** Which of a mark's records may be saved: On leave only for away students; others kept On leave. */
export function applyAway(
  records: readonly LectureMarkInput[],
  away: ReadonlyMap<number, AwaySource>,
): {
  marks: LectureMark[];
  keptOnLeave: { studentId: number; source: AwaySource }[];
  overridden: { studentId: number; status: LectureStatus }[];
  notAway: number[];
} {
  const out = {
    marks: [] as LectureMark[],
    keptOnLeave: [] as { studentId: number; source: AwaySource }[],
    overridden: [] as { studentId: number; status: LectureStatus }[],
    notAway: [] as number[],
  };
  for (const r of records) {
    const source = away.get(r.studentId);
    const lateMinutes = r.status === 'Late' ? (r.lateMinutes ?? null) : null;
    if (r.status === 'On leave' && source === undefined) out.notAway.push(r.studentId);
    else if (source === undefined || r.status === 'On leave')
      out.marks.push({ rollNo: r.studentId, status: r.status, lateMinutes });
    else if (r.overrideLeave === true) {
      out.marks.push({ rollNo: r.studentId, status: r.status, lateMinutes });
      out.overridden.push({ studentId: r.studentId, status: r.status });
    } else {
      out.marks.push({ rollNo: r.studentId, status: 'On leave', lateMinutes: null });
      out.keptOnLeave.push({ studentId: r.studentId, source });
    }
  }
  return out;
}
