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
import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import { OVER_ALLOWANCE, type CountedWrite } from '../../db/together';
import type { AwaySource } from '../attendance/leave-rule';
import { insertEntries, type AuditRecord } from '../audit/repository';
import type { GroupAway } from './reads';

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

/** The group's students with their marks of the lecture, by roll number. */
export async function lectureRoster(
  db: Db,
  lecture: LectureAt,
  away: ReadonlyMap<number, AwaySource>,
): Promise<LectureRosterRow[]> {
  const rows = await db
    .selectFrom('students as s')
    .leftJoin('lecture_marks as m', (join) =>
      join
        .onRef('m.roll_no', '=', 's.roll_no')
        .on('m.period_id', '=', lecture.period._id)
        .on('m.date', '=', lecture.date),
    )
    .select(['s.roll_no', 's.name', 'm.status', 'm.late_minutes'])
    .where('s.group_name', '=', lecture.period.group)
    .orderBy('s.roll_no')
    .execute();
  return rows.map((r) => ({
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
 * The statements of a lecture's mark as SQL text, written once per dialect and run as they are (no
 * statement is built per mark). The two writes take their rows as one JSON parameter (an object from
 * roll number to values) that the database unpacks, as the day's mark does (attendance/repository.ts).
 */
function markTexts(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const rows = pg ? 'json_each(?::json) as r' : 'json_each(?) as r';
  const key = pg ? 'r.key::integer' : 'cast(r.key as integer)';
  const at = (n: number) => (pg ? `(r.value->>${n})` : `json_extract(r.value, '$[${n}]')`);
  const int = (n: number) => (pg ? `${at(n)}::integer` : at(n));
  // PostgreSQL numbers its parameters; SQLite takes them in order.
  const numbered = (text: string) => {
    let n = 0;
    return pg ? text.replace(/\?/g, () => `$${++n}`) : text;
  };
  return {
    lock: numbered('select id from periods where id = ? for update'),
    before: numbered(
      'select roll_no, status, late_minutes from lecture_marks where period_id = ? and date = ?',
    ),
    marks: numbered(`
      insert into lecture_marks (period_id, date, roll_no, course_code, status, late_minutes, marked_by, marked_at)
      select ?, ?, ${key}, ?, ${at(0)}, ${int(1)}, ?, ?
      from ${rows} where true
      on conflict (period_id, date, roll_no) do update
      set status = excluded.status, late_minutes = excluded.late_minutes,
        marked_by = excluded.marked_by, marked_at = excluded.marked_at`),
    totals: numbered(`
      insert into course_totals (roll_no, course_code, present, late, absent, on_leave, state)
      select ${key}, ?, ${int(0)}, ${int(1)}, ${int(2)}, ${int(3)}, 'ok'
      from ${rows} where true
      on conflict (roll_no, course_code) do update
      set present = course_totals.present + excluded.present, late = course_totals.late + excluded.late,
        absent = course_totals.absent + excluded.absent, on_leave = course_totals.on_leave + excluded.on_leave
      returning roll_no, present, late, absent, on_leave, state`),
  };
}

const MARK_TEXTS = { sqlite: markTexts('sqlite'), postgres: markTexts('postgres') };

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

async function run<R>(trx: Db, text: string, parameters: readonly unknown[]): Promise<R[]> {
  return (await trx.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows;
}

/**
 * The lecture's marks as they stand. On PostgreSQL the period's row is locked first, so marks of one
 * lecture are written one at a time; the marks are read in a statement of their own, after the lock
 * is held (a statement reads what was committed when it began, and a locking read may wait).
 */
async function marksBefore(trx: Db, dialect: Dialect, periodId: string, date: string) {
  const texts = MARK_TEXTS[dialect];
  if (dialect === 'postgres') await run(trx, texts.lock, [periodId]);
  return run<MarkRow>(trx, texts.before, [periodId, date]);
}

/** A write over its writer's allowance, found by its count in the write's own transaction. */
class OverAllowance extends Error {}
const isOverAllowance = (error: unknown): boolean =>
  error instanceof OverAllowance || (error as { code?: unknown } | null)?.code === OVER_ALLOWANCE;

/**
 * Runs `work` in one transaction that first counts the write against its writer's allowance
 * (`countedWrite`, decision record 0051): a write over it keeps nothing, and is refused (or, when
 * the count apart finds room after all, made on its own).
 */
async function countedTransaction<T>(
  db: Db,
  counted: CountedWrite | undefined,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (!counted) return db.transaction().execute(work);
  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      const { rows } = await counted.count.execute(trx);
      if (Number(rows[0]!.hits) > counted.limit) throw new OverAllowance();
      return work(trx);
    });
  } catch (error) {
    if (!isOverAllowance(error)) throw error;
    await counted.refused();
    return db.transaction().execute(work);
  }
  counted.landed();
  return result;
}

/** What a lecture's mark writes besides the marks, in their transaction. */
export interface MarkWith {
  /** The write's count against its writer's allowance. */
  counted?: CountedWrite;
  /** The request's audit entries (`entriesWithWrite`). */
  audit?: readonly AuditRecord[];
  /** Runs once the changed marks are written (their webhook event, record 0085). */
  then?: (trx: Db, marks: LectureMark[]) => Promise<void>;
}

/**
 * Writes the lecture's marks that change something and moves the course's totals of those students
 * by what changed, in one transaction with the mark's count and audit entries, and answers those
 * students' totals as they now stand. Marks of one period are written one at a time on PostgreSQL
 * (its row is locked), so two marks never count one change twice.
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
  const texts = MARK_TEXTS[dialect];
  return countedTransaction(db, also.counted, async (trx) => {
    if (also.audit && also.audit.length > 0) await insertEntries(also.audit).execute(trx);
    if (marks.length === 0) return [];
    const before = new Map((await marksBefore(trx, dialect, period._id, date)).map((m) => [m.roll_no, m]));
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
    await run(trx, texts.marks, [
      period._id,
      date,
      period.course,
      by.markedBy,
      by.markedAt,
      JSON.stringify(written),
    ]);
    await also.then?.(
      trx,
      Object.entries(written).map(([rollNo, [status, lateMinutes]]) => ({
        rollNo: Number(rollNo),
        status,
        lateMinutes,
      })),
    );
    if (changed === 0) return [];
    const rows = await run<TotalsRow>(trx, texts.totals, [period.course, JSON.stringify(changes)]);
    return rows.map((r) => ({
      rollNo: r.roll_no,
      present: r.present,
      late: r.late,
      absent: r.absent,
      onLeave: r.on_leave,
      state: r.state,
    }));
  });
}

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
