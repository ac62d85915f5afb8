/** Table types of the timetable and of attendance per lecture (migration 0042, decision record 0081). */
import type { CourseState, LectureStatus } from '@campus/contract';

export interface CoursesTable {
  code: string;
  name: string;
  credits: number;
  /** The attendance this course needs; the campus's rule when null. */
  min_percent: number | null;
  created_at: string;
}
/** Who teaches which course to which group: one teacher per course and group. */
export interface TeachingsTable {
  id: string;
  course_code: string;
  group_name: string;
  teacher_account_id: string;
}
/** A weekly period of a teaching; times are the campus's wall clock, weekday 1 = Monday. */
export interface PeriodsTable {
  id: string;
  teaching_id: string;
  weekday: number;
  starts: string;
  ends: string;
  room: string;
}
export interface HolidaysTable {
  date: string;
  name: string;
}
export interface LectureMarksTable {
  period_id: string;
  date: string;
  roll_no: number;
  course_code: string;
  status: LectureStatus;
  late_minutes: number | null;
  marked_by: string;
  marked_at: string;
}
/** A student's marks in a course, counted; kept by the mark's own transaction. */
export interface CourseTotalsTable {
  roll_no: number;
  course_code: string;
  present: number;
  late: number;
  absent: number;
  on_leave: number;
  /** The forecast's state when last counted, so that a mail goes once when it worsens. */
  state: CourseState;
}

/** A person's private calendar feed; its link is the id and a signature (lib/signer.ts). */
export interface CalendarFeedsTable {
  account_id: string;
  feed_id: string;
  created_at: string;
}

export interface TimetableTables {
  calendar_feeds: CalendarFeedsTable;
  courses: CoursesTable;
  teachings: TeachingsTable;
  periods: PeriodsTable;
  holidays: HolidaysTable;
  lecture_marks: LectureMarksTable;
  course_totals: CourseTotalsTable;
}
