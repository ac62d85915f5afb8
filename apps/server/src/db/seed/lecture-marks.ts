/**
 * Seeded lecture marks: one per student of the group and past lecture of a teaching, mostly Present,
 * and each student's counts per course, written to course_totals as the marks' own transaction would.
 */
import {
  DEFAULT_TIME_ZONE,
  instantAt,
  weekdayOf,
  type CourseState,
  type LectureStatus,
} from '@campus/contract';
import type { Random } from './generate';
import { courseState, type SeedTerm } from './timetable';

export interface SeedTeaching {
  course: string;
  teacherAccount: string;
  /** The teaching's weekly periods. */
  periods: readonly { id: string; weekday: number; starts: string }[];
}

/**
 * How a student attends a course: each lecture with a chance, or exactly a share of the school days
 * (a student meant to fall behind, whatever the generator draws).
 */
export type Attendance = { chance: number } | { share: number };

/** The columns of lecture_marks and of course_totals, in the order of MarkRow and TotalsRow. */
export const MARK_COLUMNS = [
  'period_id',
  'date',
  'roll_no',
  'course_code',
  'status',
  'late_minutes',
  'marked_by',
  'marked_at',
];
export const TOTALS_COLUMNS = ['roll_no', 'course_code', 'present', 'late', 'absent', 'on_leave', 'state'];

export type MarkRow = [
  periodId: string,
  date: string,
  rollNo: number,
  course: string,
  status: LectureStatus,
  lateMinutes: number | null,
  markedBy: string,
  markedAt: string,
];
export type TotalsRow = [
  rollNo: number,
  course: string,
  present: number,
  late: number,
  absent: number,
  onLeave: number,
  state: CourseState,
];

/** Of the lectures attended by chance, this share begins late. */
const LATE_SHARE = 0.05;
const STATUSES = ['Present', 'Late', 'Absent', 'On leave'] as const satisfies readonly LectureStatus[];

/** A teacher marks a lecture ten minutes after it starts, on the campus's clock. */
function markTimes() {
  const cache = new Map<string, string>();
  return (date: string, starts: string) => {
    const key = `${date} ${starts}`;
    let at = cache.get(key);
    if (!at) {
      at = new Date(instantAt(date, starts, DEFAULT_TIME_ZONE) + 10 * 60_000).toISOString();
      cache.set(key, at);
    }
    return at;
  };
}

/**
 * Marks a group's lectures of a teaching on `days` (the term's school days, from its first, so that
 * a share falls on the same days however many are marked), student by student within a lecture: the
 * order of lecture_marks' primary key when the periods come in the order of their ids. Answers each
 * student's counts per status, in the order of STATUSES.
 */
export async function markTeaching(
  teaching: SeedTeaching,
  rollNos: readonly number[],
  days: readonly { date: string; dayNo: number }[],
  attendanceOf: (rollNo: number) => Attendance,
  rnd: Random,
  emit: (row: MarkRow) => void | Promise<void>,
): Promise<Int32Array> {
  const counts = new Int32Array(rollNos.length * 4);
  const attendance = rollNos.map(attendanceOf);
  const markedAt = markTimes();
  for (const period of teaching.periods) {
    for (const { date, dayNo } of days) {
      if (weekdayOf(date) !== period.weekday) continue;
      const at = markedAt(date, period.starts);
      for (let s = 0; s < rollNos.length; s++) {
        const a = attendance[s]!;
        const r = rnd.next();
        let status = 2;
        let lateMinutes: number | null = null;
        if ('share' in a) {
          // Over any ten consecutive school days, (7 × dayNo) mod 10 takes each value once.
          if ((dayNo * 7) % 10 < a.share * 10) status = 0;
        } else if (r < a.chance * LATE_SHARE) {
          status = 1;
          lateMinutes = 5 + Math.floor((r / (a.chance * LATE_SHARE)) * 16);
        } else if (r < a.chance) {
          status = 0;
        }
        counts[s * 4 + status]!++;
        await emit([
          period.id,
          date,
          rollNos[s]!,
          teaching.course,
          STATUSES[status]!,
          lateMinutes,
          teaching.teacherAccount,
          at,
        ]);
      }
    }
  }
  return counts;
}

/** The lectures of a teaching still to come this term, from remainingByWeekday. */
export const remainingLectures = (teaching: SeedTeaching, byWeekday: readonly number[]) =>
  teaching.periods.reduce((sum, p) => sum + byWeekday[p.weekday]!, 0);

/** The course_totals rows of a teaching's students from the counts markTeaching answered. */
export function totalsRows(
  course: string,
  rollNos: readonly number[],
  counts: Int32Array,
  remaining: number,
  term: SeedTerm,
): TotalsRow[] {
  return rollNos.map((rollNo, s) => {
    const c = {
      present: counts[s * 4]!,
      late: counts[s * 4 + 1]!,
      absent: counts[s * 4 + 2]!,
      onLeave: counts[s * 4 + 3]!,
    };
    return [rollNo, course, c.present, c.late, c.absent, c.onLeave, courseState(course, c, remaining, term)];
  });
}
