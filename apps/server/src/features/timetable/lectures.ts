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
import type { Db, Dialect } from '../../db/index';
import type { AwaySource } from '../attendance/leave-rule';
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

const COUNTED: Record<LectureStatus, 'present' | 'late' | 'absent' | 'on_leave'> = {
  Present: 'present',
  Late: 'late',
  Absent: 'absent',
  'On leave': 'on_leave',
};

/** What each student's totals change by when their mark goes from `before` to `after`. */
function changeOf(before: LectureStatus | undefined, after: LectureStatus) {
  const change = { present: 0, late: 0, absent: 0, on_leave: 0 };
  if (before !== undefined) change[COUNTED[before]] -= 1;
  change[COUNTED[after]] += 1;
  return change;
}

/**
 * Writes the lecture's marks and moves the course's totals of the students marked by what their
 * marks changed, in one transaction, and answers the totals as they now stand. Marks of one period
 * are written one at a time on PostgreSQL (its row is locked), so two marks never count one change twice.
 */
export async function writeLectureMarks(
  db: Db,
  dialect: Dialect,
  lecture: LectureAt,
  marks: readonly LectureMark[],
  by: { markedBy: string; markedAt: string },
): Promise<CourseTotals[]> {
  if (marks.length === 0) return [];
  const { period, date } = lecture;
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await trx.selectFrom('periods').select('id').where('id', '=', period._id).forUpdate().execute();
    }
    const before = new Map(
      (
        await trx
          .selectFrom('lecture_marks')
          .select(['roll_no', 'status'])
          .where('period_id', '=', period._id)
          .where('date', '=', date)
          .execute()
      ).map((m) => [m.roll_no, m.status]),
    );
    await trx
      .insertInto('lecture_marks')
      .values(
        marks.map((m) => ({
          period_id: period._id,
          date,
          roll_no: m.rollNo,
          course_code: period.course,
          status: m.status,
          late_minutes: m.lateMinutes,
          marked_by: by.markedBy,
          marked_at: by.markedAt,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['period_id', 'date', 'roll_no']).doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          late_minutes: eb.ref('excluded.late_minutes'),
          marked_by: eb.ref('excluded.marked_by'),
          marked_at: eb.ref('excluded.marked_at'),
        })),
      )
      .execute();
    const rows = await trx
      .insertInto('course_totals')
      .values(
        marks.map((m) => ({
          roll_no: m.rollNo,
          course_code: period.course,
          ...changeOf(before.get(m.rollNo), m.status),
          state: 'ok' as const,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['roll_no', 'course_code']).doUpdateSet((eb) => ({
          present: eb('course_totals.present', '+', eb.ref('excluded.present')),
          late: eb('course_totals.late', '+', eb.ref('excluded.late')),
          absent: eb('course_totals.absent', '+', eb.ref('excluded.absent')),
          on_leave: eb('course_totals.on_leave', '+', eb.ref('excluded.on_leave')),
        })),
      )
      .returning(['roll_no', 'present', 'late', 'absent', 'on_leave', 'state'])
      .execute();
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
