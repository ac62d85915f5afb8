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
import type { TimetableRepository } from './repository';

const round1 = (n: number) => Math.round(n * 10) / 10;

interface CourseRow {
  name: string;
  min_percent: number | null;
}
interface TotalsRow {
  present: number;
  late: number;
  absent: number;
  on_leave: number;
}

/** A student's standing in one course from their counted marks and the lectures left. */
function standingOf(
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
  const minPercent = course?.min_percent ?? term.minPercent;
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

/** The standings of one student, or undefined when there is no such student. */
export async function standingsOf(
  db: Db,
  timetable: TimetableRepository,
  rollNo: number,
  term: TermSettings,
  now: number,
): Promise<CourseStandings | undefined> {
  const student = await db
    .selectFrom('students')
    .select('group_name')
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
  if (!student) return undefined;
  const clock = wallClock(now, term.timeZone);
  const [periods, totals, courses, holidays] = await Promise.all([
    timetable.listPeriods({ group: student.group_name }),
    db.selectFrom('course_totals').selectAll().where('roll_no', '=', rollNo).execute(),
    db.selectFrom('courses').select(['code', 'name', 'min_percent']).execute(),
    db
      .selectFrom('holidays')
      .select('date')
      .where('date', '>=', clock.day)
      .where('date', '<=', term.termEnd)
      .execute(),
  ]);
  const from = clock.day < term.termStart ? term.termStart : clock.day;
  const remaining = remainingLectures(
    periods,
    from,
    from === clock.day ? clock.time : '00:00',
    term.termEnd,
    new Set(holidays.map((h) => h.date)),
  );
  const codes = new Set([...remaining.keys(), ...totals.map((t) => t.course_code)]);
  const courseOf = new Map(courses.map((c) => [c.code, c]));
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
  timetable: TimetableRepository,
  groups: readonly string[],
  term: TermSettings,
  now: number,
  /** Only these students, in this course (after a lecture's mark). */
  only?: { course: string; rollNos: readonly number[] },
): Promise<StudentCourseRisk[]> {
  if (groups.length === 0) return [];
  let students = db
    .selectFrom('students')
    .select(['roll_no', 'name', 'group_name'])
    .where('group_name', 'in', groups);
  let totals = db
    .selectFrom('course_totals as c')
    .innerJoin('students as s', 's.roll_no', 'c.roll_no')
    .selectAll('c')
    .where('s.group_name', 'in', groups);
  if (only) {
    students = students.where('roll_no', 'in', only.rollNos);
    totals = totals.where('c.course_code', '=', only.course).where('c.roll_no', 'in', only.rollNos);
  }
  const clock = wallClock(now, term.timeZone);
  const from = clock.day < term.termStart ? term.termStart : clock.day;
  const [studentRows, totalRows, courses, holidays] = await Promise.all([
    students.execute(),
    totals.execute(),
    db.selectFrom('courses').select(['code', 'name', 'min_percent']).execute(),
    db
      .selectFrom('holidays')
      .select('date')
      .where('date', '>=', from)
      .where('date', '<=', term.termEnd)
      .execute(),
  ]);
  const off = new Set(holidays.map((h) => h.date));
  const courseOf = new Map(courses.map((c) => [c.code, c]));
  const totalsOf = new Map(totalRows.map((t) => [`${t.roll_no}|${t.course_code}`, t]));
  const rows: StudentCourseRisk[] = [];
  for (const group of groups) {
    const periods = await timetable.listPeriods({ group });
    const remaining = remainingLectures(
      periods,
      from,
      from === clock.day ? clock.time : '00:00',
      term.termEnd,
      off,
    );
    for (const s of studentRows.filter((st) => st.group_name === group)) {
      for (const [code, left] of remaining) {
        if (only && code !== only.course) continue;
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
