/**
 * The large campus's timetable: each group's six department courses, one lecture each a school day
 * taught by the group's mentors in the group's hall or lab, the term, the lecture marks of its last
 * weeks, and each student's course totals counted from those marks.
 */
import { random } from './generate';
import type { LargeSeed } from './large';
import {
  MARK_COLUMNS,
  TOTALS_COLUMNS,
  markTeaching,
  remainingLectures,
  totalsRows,
  type SeedTeaching,
} from './lecture-marks';
import {
  largeDepartment,
  largeGroupName,
  largeGroupRollNos,
  largeId,
  teacherAccount,
  type LargeCampusSize,
} from './large-size';
import {
  LECTURE_TIMES,
  SCHOOL_WEEKDAYS,
  addDays,
  lectureSlot,
  pastSchoolDays,
  remainingByWeekday,
  seedTerm,
  termSettingRows,
  type SeedTerm,
} from './timetable';

const COURSES_PER_GROUP = LECTURE_TIMES.length;

/** The term's school days with lecture marks: those of the last `weeks` weeks before today. */
function markedDays(today: Date, weeks: number) {
  const term = seedTerm(today);
  const since = addDays(term.today, -7 * weeks);
  const days = pastSchoolDays(term)
    .map((date, dayNo) => ({ date, dayNo }))
    .filter((d) => d.date >= since);
  return { term, days };
}

/** The rows the timetable writes, for the seed's counts and its progress. */
export function largeTimetableCounts(size: LargeCampusSize, today: Date, weeks: number) {
  const { term, days } = markedDays(today, weeks);
  const departments = new Set(Array.from({ length: size.groups }, (_, g) => largeDepartment(g).name));
  return {
    courses: departments.size * COURSES_PER_GROUP,
    teachings: size.groups * COURSES_PER_GROUP,
    periods: size.groups * COURSES_PER_GROUP * SCHOOL_WEEKDAYS.length,
    holidays: term.holidays.length,
    lectureMarks: size.students * COURSES_PER_GROUP * days.length,
    courseTotals: size.students * COURSES_PER_GROUP,
  };
}

/** Course `c` of a group's department: its five lecture courses, then the first one's lab. */
function courseOf(g: number, c: number) {
  const d = largeDepartment(g);
  const name = c < d.courses.length ? d.courses[c]! : `${d.courses[0]} Lab`;
  return { code: `${d.prefix}30${c + 1}`, name, credits: c < 3 ? 4 : c < 5 ? 3 : 2 };
}

export interface LargeTeaching extends SeedTeaching {
  id: string;
  group: number;
  name: string;
  credits: number;
  periods: { id: string; weekday: number; starts: string; ends: string; room: string }[];
}

/**
 * Every group's teachings, group by group, their periods' ids in that order. The group's four
 * mentors (teacher g + groups × k) teach its six courses, the first two one more each; a teacher
 * teaches one group only, and each group has a hall and a lab of its own, so neither a teacher nor a
 * room is ever in two places at once.
 */
export function largeTeachings(size: LargeCampusSize): LargeTeaching[] {
  const teachings: LargeTeaching[] = [];
  for (let g = 0; g < size.groups; g++) {
    const hall = `${largeDepartment(g).name}-${(Math.floor(g / 100) + 1) * 100 + (g % 10) + 1}`;
    for (let c = 0; c < COURSES_PER_GROUP; c++) {
      const n = g * COURSES_PER_GROUP + c;
      const course = courseOf(g, c);
      const room = c === COURSES_PER_GROUP - 1 ? `${hall} Lab` : hall;
      teachings.push({
        id: largeId(n + 1, 13),
        group: g,
        course: course.code,
        name: course.name,
        credits: course.credits,
        teacherAccount: teacherAccount(g + size.groups * (c < 4 ? c : c - 4)),
        periods: SCHOOL_WEEKDAYS.map((weekday) => ({
          id: largeId(n * 8 + weekday, 14),
          weekday,
          ...LECTURE_TIMES[lectureSlot(c, g, weekday)]!,
          room,
        })),
      });
    }
  }
  return teachings;
}

/** Writes the timetable, the term and `weeks` weeks of lecture marks with their course totals. */
export async function seedTimetable(s: LargeSeed, weeks: number): Promise<void> {
  const { term, days } = markedDays(s.today, weeks);
  const teachings = largeTeachings(s.size);
  let w = await s.writer('courses', ['code', 'name', 'credits', 'min_percent', 'created_at']);
  const written = new Set<string>();
  for (const t of teachings) {
    if (written.has(t.course)) continue;
    written.add(t.course);
    await w.add(t.course, t.name, t.credits, null, s.stamp);
  }
  await w.flush();

  w = await s.writer('teachings', ['id', 'course_code', 'group_name', 'teacher_account_id']);
  for (const t of teachings) await w.add(t.id, t.course, largeGroupName(t.group), t.teacherAccount);
  await w.flush();

  w = await s.writer('periods', ['id', 'teaching_id', 'weekday', 'starts', 'ends', 'room']);
  for (const t of teachings) {
    for (const p of t.periods) await w.add(p.id, t.id, p.weekday, p.starts, p.ends, p.room);
  }
  await w.flush();

  w = await s.writer('holidays', ['date', 'name']);
  for (const h of term.holidays) await w.add(h.date, h.name);
  await w.flush();
  w = await s.writer('campus_settings', ['key', 'value']);
  for (const row of termSettingRows(term)) await w.add(row.key, row.value);
  await w.flush();

  await seedLectureMarks(s, teachings, term, days);
}

/** Lecture marks teaching by teaching, in their primary key's order, and the course totals they make. */
async function seedLectureMarks(
  s: LargeSeed,
  teachings: readonly LargeTeaching[],
  term: SeedTerm,
  days: readonly { date: string; dayNo: number }[],
): Promise<void> {
  const rnd = random(20260904);
  const remaining = remainingByWeekday(term);
  const marks = await s.writer('lecture_marks', MARK_COLUMNS);
  const totals = await s.writer('course_totals', TOTALS_COLUMNS, { quiet: true });
  const add = (row: Parameters<typeof marks.add>) => marks.add(...row);
  for (const [n, t] of teachings.entries()) {
    const rollNos = largeGroupRollNos(t.group);
    const c = n % COURSES_PER_GROUP;
    // Most students attend 76–98 % of a course's lectures; some fall below 75 % by chance.
    const attendanceOf = (rollNo: number) => ({
      chance: 0.98 - (((rollNo - rollNos[0]!) * 13 + c * 5) % 23) / 100,
    });
    const counts = await markTeaching(t, rollNos, days, attendanceOf, rnd, add);
    for (const row of totalsRows(t.course, rollNos, counts, remainingLectures(t, remaining), term)) {
      await totals.add(...row);
    }
  }
  await marks.flush();
  s.phase('course_totals');
  await totals.flush();
}
