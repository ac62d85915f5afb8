/**
 * The demo campus's timetable: six courses a group taught by the demo's teachers, the term, and the
 * term's lecture marks so far, with a few students behind in one course.
 */
import type { Insertable } from 'kysely';
import type { Database } from '../schema';
import { random, seedId } from './generate';
import {
  markTeaching,
  remainingLectures,
  totalsRows,
  type Attendance,
  type MarkRow,
  type SeedTeaching,
  type TotalsRow,
} from './lecture-marks';
import {
  LECTURE_TIMES,
  SCHOOL_WEEKDAYS,
  lectureSlot,
  pastSchoolDays,
  remainingByWeekday,
  seedTerm,
  termSettingRows,
} from './timetable';

export const DEMO_COURSES = [
  { code: 'CS301', name: 'DBMS', credits: 4 },
  { code: 'CS302', name: 'Operating Systems', credits: 4 },
  { code: 'CS303', name: 'Computer Networks', credits: 4 },
  { code: 'CS304', name: 'Theory of Computation', credits: 3 },
  { code: 'CS305', name: 'Software Engineering', credits: 3 },
  { code: 'CS306', name: 'DBMS Lab', credits: 2 },
  { code: 'EC301', name: 'Signals and Systems', credits: 4 },
  { code: 'EC302', name: 'Analog Circuits', credits: 4 },
  { code: 'EC303', name: 'Digital Signal Processing', credits: 4 },
  { code: 'EC304', name: 'Electromagnetic Waves', credits: 3 },
  { code: 'EC305', name: 'Microprocessors', credits: 3 },
  { code: 'EC306', name: 'Microprocessors Lab', credits: 2 },
];

/**
 * Each group's courses in the order of the weekly grid (lectureSlot, the group's place in GROUPS as
 * its phase), who teaches them and where. A teacher's courses never share a course-plus-phase, and
 * the two CSE groups' labs in Lab-2 neither, so nobody and no room is in two places at once.
 */
export const DEMO_TEACHINGS: Record<string, { course: string; teacherId: number; room: string }[]> = {
  'CSE-A': [
    { course: 'CS301', teacherId: 500001, room: 'LH-101' },
    { course: 'CS302', teacherId: 500004, room: 'LH-101' },
    { course: 'CS303', teacherId: 500002, room: 'LH-101' },
    { course: 'CS304', teacherId: 500005, room: 'LH-101' },
    { course: 'CS305', teacherId: 500002, room: 'LH-101' },
    { course: 'CS306', teacherId: 500001, room: 'Lab-2' },
  ],
  'CSE-B': [
    { course: 'CS301', teacherId: 500001, room: 'LH-102' },
    { course: 'CS302', teacherId: 500004, room: 'LH-102' },
    { course: 'CS303', teacherId: 500002, room: 'LH-102' },
    { course: 'CS304', teacherId: 500005, room: 'LH-102' },
    { course: 'CS305', teacherId: 500002, room: 'LH-102' },
    { course: 'CS306', teacherId: 500004, room: 'Lab-2' },
  ],
  'ECE-A': [
    { course: 'EC301', teacherId: 500003, room: 'LH-201' },
    { course: 'EC302', teacherId: 500006, room: 'LH-201' },
    { course: 'EC303', teacherId: 500003, room: 'LH-201' },
    { course: 'EC304', teacherId: 500006, room: 'LH-201' },
    { course: 'EC305', teacherId: 500003, room: 'LH-201' },
    { course: 'EC306', teacherId: 500006, room: 'Lab-4' },
  ],
};

/** Students who miss a share of one course's lectures: at risk at 70 %, beyond reach at 50 %. */
export const DEMO_BEHIND = [
  { rollNo: 230002, course: 'CS302', share: 0.7 },
  { rollNo: 230003, course: 'CS303', share: 0.5 },
  { rollNo: 230045, course: 'EC303', share: 0.7 },
];

type Rows<T extends keyof Database> = Insertable<Database[T]>[];

export interface DemoTimetable {
  courses: Rows<'courses'>;
  teachings: Rows<'teachings'>;
  periods: Rows<'periods'>;
  holidays: Rows<'holidays'>;
  settings: Rows<'campus_settings'>;
  /** In the order of MARK_COLUMNS and TOTALS_COLUMNS. */
  lectureMarks: MarkRow[];
  courseTotals: TotalsRow[];
}

/** The demo's timetable for its students and teachers, and the marks of the term up to `today`. */
export async function demoTimetable(
  groups: readonly string[],
  students: readonly { roll_no: number; group_name: string }[],
  teacherAccount: (teacherId: number) => string,
  today: Date,
  createdAt: string,
): Promise<DemoTimetable> {
  const term = seedTerm(today);
  const rnd = random(20260903);
  const days = pastSchoolDays(term).map((date, dayNo) => ({ date, dayNo }));
  const remaining = remainingByWeekday(term);
  const result: DemoTimetable = {
    courses: DEMO_COURSES.map((c) => ({ ...c, min_percent: null, created_at: createdAt })),
    teachings: [],
    periods: [],
    holidays: term.holidays,
    settings: termSettingRows(term),
    lectureMarks: [],
    courseTotals: [],
  };
  for (const [phase, group] of groups.entries()) {
    const rollNos = students.filter((s) => s.group_name === group).map((s) => s.roll_no);
    for (const [c, t] of (DEMO_TEACHINGS[group] ?? []).entries()) {
      const n = phase * LECTURE_TIMES.length + c + 1;
      const periods = SCHOOL_WEEKDAYS.map((weekday) => ({
        id: seedId(8, 14, n * 10 + weekday),
        weekday,
        ...LECTURE_TIMES[lectureSlot(c, phase, weekday)]!,
      }));
      const teaching: SeedTeaching = {
        course: t.course,
        teacherAccount: teacherAccount(t.teacherId),
        periods,
      };
      const teachingId = seedId(8, 13, n);
      result.teachings.push({
        id: teachingId,
        course_code: t.course,
        group_name: group,
        teacher_account_id: teaching.teacherAccount,
      });
      for (const p of periods) result.periods.push({ ...p, teaching_id: teachingId, room: t.room });
      const attendanceOf = (rollNo: number): Attendance => {
        const behind = DEMO_BEHIND.find((b) => b.rollNo === rollNo && b.course === t.course);
        return behind ?? { chance: 0.86 + (((rollNo - 230001) * 7 + c) % 13) / 100 };
      };
      const counts = await markTeaching(teaching, rollNos, days, attendanceOf, rnd, (row) => {
        result.lectureMarks.push(row);
      });
      const left = remainingLectures(teaching, remaining);
      result.courseTotals.push(...totalsRows(t.course, rollNos, counts, left, term));
    }
  }
  return result;
}
