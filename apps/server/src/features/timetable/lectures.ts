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
  type Period,
} from '@campus/contract';
import type { Db } from '../../db/index';
import { movementsOf, passMovementsText } from '../leave/repository';
import type { AwaySource } from '../attendance/leave-rule';
import { sql } from 'kysely';

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
export async function awayFor(db: Db, lecture: LectureAt, now: number): Promise<Map<number, AwaySource>> {
  const { period, date, zone } = lecture;
  const [leave, passes] = await Promise.all([
    db
      .selectFrom('leave_applications as l')
      .innerJoin('students as s', 's.roll_no', 'l.roll_no')
      .select('l.roll_no')
      .where('s.group_name', '=', period.group)
      .where('l.status', '=', 'approved')
      .where('l.from_date', '<=', date)
      .where('l.to_date', '>=', date)
      .execute(),
    db
      .selectFrom('gate_passes as g')
      .innerJoin('students as s', 's.roll_no', 'g.roll_no')
      .select(['g.roll_no', passMovementsText.as('movements')])
      .where('s.group_name', '=', period.group)
      .where('g.status', '=', 'approved')
      .where('g.date', '=', date)
      .execute(),
  ]);
  const span = lectureSpan(lecture);
  const away = new Map<number, AwaySource>();
  for (const p of passes) {
    if (passCoversLecture(movementsOf(p.movements), span, now, zone)) away.set(p.roll_no, 'gatepass');
  }
  for (const l of leave) away.set(l.roll_no, 'leave');
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

/**
 * Writes the lecture's marks and recounts the course's totals of the students marked, in one
 * transaction; the totals' rows before and after are returned for the forecast's mails.
 */
export async function writeLectureMarks(
  db: Db,
  lecture: LectureAt,
  marks: readonly LectureMark[],
  markedBy: string,
  markedAt: string,
): Promise<void> {
  if (marks.length === 0) return;
  const course = lecture.period.course;
  const rollNos = marks.map((m) => m.rollNo);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('lecture_marks')
      .values(
        marks.map((m) => ({
          period_id: lecture.period._id,
          date: lecture.date,
          roll_no: m.rollNo,
          course_code: course,
          status: m.status,
          late_minutes: m.lateMinutes,
          marked_by: markedBy,
          marked_at: markedAt,
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
    await trx
      .insertInto('course_totals')
      .columns(['roll_no', 'course_code', 'present', 'late', 'absent', 'on_leave'])
      .expression(
        trx
          .selectFrom('lecture_marks')
          .select([
            'roll_no',
            'course_code',
            sql<number>`sum(case when status = 'Present' then 1 else 0 end)`.as('present'),
            sql<number>`sum(case when status = 'Late' then 1 else 0 end)`.as('late'),
            sql<number>`sum(case when status = 'Absent' then 1 else 0 end)`.as('absent'),
            sql<number>`sum(case when status = 'On leave' then 1 else 0 end)`.as('on_leave'),
          ])
          .where('course_code', '=', course)
          .where('roll_no', 'in', rollNos)
          .groupBy(['roll_no', 'course_code']),
      )
      .onConflict((oc) =>
        oc.columns(['roll_no', 'course_code']).doUpdateSet((eb) => ({
          present: eb.ref('excluded.present'),
          late: eb.ref('excluded.late'),
          absent: eb.ref('excluded.absent'),
          on_leave: eb.ref('excluded.on_leave'),
        })),
      )
      .execute();
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
