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
  const standings: CourseStanding[] = [...codes].sort().map((code) => {
    const counts = totals.find((t) => t.course_code === code);
    const { held, attended } = courseCredit(
      {
        present: counts?.present ?? 0,
        late: counts?.late ?? 0,
        absent: counts?.absent ?? 0,
        onLeave: counts?.on_leave ?? 0,
      },
      term.lateCounts,
    );
    const course = courseOf.get(code);
    const name = course?.name ?? code;
    const minPercent = course?.min_percent ?? term.minPercent;
    const left = remaining.get(code) ?? 0;
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
  });
  const held = standings.reduce((sum, s) => sum + s.held, 0);
  const attended = standings.reduce((sum, s) => sum + s.attended, 0);
  return {
    rollNo,
    overall: { held, attended, percent: held === 0 ? 100 : round1((attended / held) * 100) },
    courses: standings,
  };
}
