/** The timetable feature's cached reads (decision record 0080). */
import type { MenteeRows } from '../../db/mentees';
import { rowsOf, type WrittenRows } from '../../db/changes';
import { cachedRead } from '../../db/read-cache';

/** What a period's answer is read from: the period, its teaching, its course and its teacher. */
const PERIOD_TABLES = ['periods', 'teachings', 'courses', 'teachers'] as const;

export const timetableKeys = {
  /** The term settings as kept: changed only by an admin's `PUT /api/timetable-settings`. */
  termSettings: () => cachedRead(['term-settings'], ['campus_settings']),
  /** A group's weekly periods, or a teacher's (by Teacher ID). */
  periods: (filter: { group?: string | undefined; teacherId?: number | undefined }) =>
    cachedRead(['periods', filter.group, filter.teacherId], PERIOD_TABLES),
  /** One period by its id. */
  period: (id: string) => cachedRead(['period', id], PERIOD_TABLES),
  holidays: () => cachedRead(['holidays'], ['holidays']),
  courses: () => cachedRead(['courses'], ['courses']),
  /** The group a student is in. */
  groupOf: (rollNo: number) => cachedRead(['timetable-student-group', rollNo], ['students']),
  /** The teachers who mentor a group. */
  mentorsOf: (group: string) => cachedRead(['timetable-group-mentors', group], ['teacher_groups']),
  /** A student's counted marks in each course. */
  totalsOf: (rollNo: number) => cachedRead(['course-totals', rollNo], [rowsOf('course_totals', rollNo)]),
  /** Which of a group's periods have marks on a day. */
  markedOn: (group: string, date: string, students: MenteeRows) =>
    cachedRead(
      ['lectures-marked', group, date, students.key],
      students.sources(['lecture_marks'], PERIOD_TABLES),
    ),
  /** A group's approved leave and gate passes of a day: who a lecture of that day may find away. */
  away: (group: string, date: string, students: MenteeRows) =>
    cachedRead(
      ['lecture-away', group, date, students.key],
      students.sources(['gate_passes'], ['leave_applications']),
    ),
};

/** Whose rows a lecture's mark writes (decision record 0080). */
export const timetableWrites = {
  marks: (rollNos: readonly number[]): WrittenRows => ({ lecture_marks: rollNos }),
  totals: (rollNos: readonly number[]): WrittenRows => ({ course_totals: rollNos }),
  marksAndTotals: (rollNos: readonly number[]): WrittenRows => ({
    lecture_marks: rollNos,
    course_totals: rollNos,
  }),
};
