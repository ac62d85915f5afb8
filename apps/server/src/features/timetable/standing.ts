/**
 * Where a student stands in each course of their group and where they are heading: the lectures held
 * and attended (by the campus's Late rule), and the forecast of the course's rule over the lectures
 * the term still holds.
 */
import {
  courseCredit,
  forecast,
  wallClock,
  type CourseStanding,
  type CourseStandings,
  type TermSettings,
} from '@campus/contract';
import type { Db } from '../../db/index';
import { remainingLectures } from './calendar';
import type { CourseTotals } from './lectures';
import type { TimetableReads } from './reads';

const round1 = (n: number) => Math.round(n * 10) / 10;

interface CourseRow {
  name: string;
  minPercent: number | null;
}
interface TotalsRow {
  present: number;
  late: number;
  absent: number;
  on_leave: number;
}

/** A student's standing in one course from their counted marks and the lectures left. */
export function standingOf(
  code: string,
  counts: TotalsRow | undefined,
  course: CourseRow | undefined,
  left: number,
  term: TermSettings,
): CourseStanding {
  const { held, attended } = courseCredit(
    {
      present: counts?.present ?? 0,
      late: counts?.late ?? 0,
      absent: counts?.absent ?? 0,
      onLeave: counts?.on_leave ?? 0,
    },
    term.lateCounts,
  );
  const name = course?.name ?? code;
  const minPercent = course?.minPercent ?? term.minPercent;
  const f = forecast(name, held, attended, left, minPercent);
  return {
    course: code,
    courseName: name,
    held,
    attended,
    percent: held === 0 ? 100 : round1((attended / held) * 100),
    minPercent,
    remaining: left,
    needed: f.needed,
    state: f.state,
    forecast: f.text,
  };
}

/**
 * The lectures each course of a group still holds from `now` to the term's end: the rest of today's
 * (those not yet begun) and every later day's that is not a holiday.
 */
export async function remainingOf(
  reads: TimetableReads,
  group: string,
  term: TermSettings,
  now: number,
): Promise<Map<string, number>> {
  const clock = wallClock(now, term.timeZone);
  const from = clock.day < term.termStart ? term.termStart : clock.day;
  const [periods, holidays] = await Promise.all([reads.periods({ group }), reads.holidays()]);
  const off = new Set(holidays.filter((h) => h.date >= from && h.date <= term.termEnd).map((h) => h.date));
  return remainingLectures(periods, from, from === clock.day ? clock.time : '00:00', term.termEnd, off);
}

/** The courses by code, as the cache keeps them. */
async function coursesByCode(reads: TimetableReads): Promise<Map<string, CourseRow>> {
  return new Map((await reads.courses()).map((c) => [c.code, c]));
}

/** The standings of one student, or undefined when there is no such student. */
export async function standingsOf(
  db: Db,
  reads: TimetableReads,
  rollNo: number,
  term: TermSettings,
  now: number,
): Promise<CourseStandings | undefined> {
  const group = await reads.groupOf(rollNo);
  if (group === undefined) return undefined;
  const [remaining, totals, courseOf] = await Promise.all([
    remainingOf(reads, group, term, now),
    db.selectFrom('course_totals').selectAll().where('roll_no', '=', rollNo).execute(),
    coursesByCode(reads),
  ]);
  const codes = new Set([...remaining.keys(), ...totals.map((t) => t.course_code)]);
  const standings = [...codes].sort().map((code) =>
    standingOf(
      code,
      totals.find((t) => t.course_code === code),
      courseOf.get(code),
      remaining.get(code) ?? 0,
      term,
    ),
  );
  const held = standings.reduce((sum, s) => sum + s.held, 0);
  const attended = standings.reduce((sum, s) => sum + s.attended, 0);
  return {
    rollNo,
    overall: { held, attended, percent: held === 0 ? 100 : round1((attended / held) * 100) },
    courses: standings,
  };
}

/** One student's standing in one course, as a mentor's list shows it. */
export interface StudentCourseRisk extends CourseStanding {
  RollNo: number;
  name: string;
  group: string;
}

const RISK_ORDER = { unreachable: 0, 'at-risk': 1, ok: 2 } as const;

/** Most at risk first: out of reach, then below the rule, then by the share of what remains they need. */
export function byRisk(a: StudentCourseRisk, b: StudentCourseRisk): number {
  const share = (s: StudentCourseRisk) => (s.remaining === 0 ? 0 : s.needed / s.remaining);
  return (
    RISK_ORDER[a.state] - RISK_ORDER[b.state] ||
    share(b) - share(a) ||
    a.percent - b.percent ||
    a.RollNo - b.RollNo ||
    a.course.localeCompare(b.course)
  );
}

/** The standings of every student of `groups` in each course of their group, most at risk first. */
export async function groupRisks(
  db: Db,
  reads: TimetableReads,
  groups: readonly string[],
  term: TermSettings,
  now: number,
): Promise<StudentCourseRisk[]> {
  if (groups.length === 0) return [];
  const [studentRows, totalRows, courseOf] = await Promise.all([
    db
      .selectFrom('students')
      .select(['roll_no', 'name', 'group_name'])
      .where('group_name', 'in', groups)
      .execute(),
    db
      .selectFrom('course_totals as c')
      .innerJoin('students as s', 's.roll_no', 'c.roll_no')
      .selectAll('c')
      .where('s.group_name', 'in', groups)
      .execute(),
    coursesByCode(reads),
  ]);
  const totalsOf = new Map(totalRows.map((t) => [`${t.roll_no}|${t.course_code}`, t]));
  const rows: StudentCourseRisk[] = [];
  for (const group of groups) {
    const remaining = await remainingOf(reads, group, term, now);
    for (const s of studentRows.filter((st) => st.group_name === group)) {
      for (const [code, left] of remaining) {
        const standing = standingOf(
          code,
          totalsOf.get(`${s.roll_no}|${code}`),
          courseOf.get(code),
          left,
          term,
        );
        rows.push({ RollNo: s.roll_no, name: s.name, group, ...standing });
      }
    }
  }
  return rows.sort(byRisk);
}

/** Each marked student's standing in the lecture's course, from the totals the mark left. */
export async function markedStandings(
  reads: TimetableReads,
  lecture: { group: string; course: string },
  totals: readonly CourseTotals[],
  term: TermSettings,
  now: number,
): Promise<{ totals: CourseTotals; standing: CourseStanding }[]> {
  const [remaining, courseOf] = await Promise.all([
    remainingOf(reads, lecture.group, term, now),
    coursesByCode(reads),
  ]);
  const course = courseOf.get(lecture.course);
  const left = remaining.get(lecture.course) ?? 0;
  return totals.map((t) => ({
    totals: t,
    standing: standingOf(
      lecture.course,
      { present: t.present, late: t.late, absent: t.absent, on_leave: t.onLeave },
      course,
      left,
      term,
    ),
  }));
}
