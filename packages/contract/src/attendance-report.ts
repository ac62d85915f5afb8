/**
 * The attendance report: each student of a group with their attendance over a range of days, those
 * below the warning percentage first. Mentors see their own groups, admins any group.
 */
import { z } from 'zod';
import { RosterQuerySchema } from './attendance.js';
import { IsoDateSchema } from './common.js';

/** The longest range a report covers, in days (a leap year). */
export const ATTENDANCE_REPORT_MAX_DAYS = 366;
/** Without a range, the report covers this many days, ending today. */
export const ATTENDANCE_REPORT_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;

/** The date `days` days after `date` (before, when negative), both YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** The default range: the last ATTENDANCE_REPORT_DEFAULT_DAYS days, today included. */
export function defaultReportRange(today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - ATTENDANCE_REPORT_DEFAULT_DAYS), to: today };
}

/** What is wrong with a range of two valid dates, in words that name the field, or undefined. */
export function reportRangeProblem(
  from: string,
  to: string,
): { field: 'from' | 'to'; message: string } | undefined {
  if (from > to) return { field: 'from', message: `must be on or before to (${to})` };
  const days = daysInRange(from, to);
  if (days > ATTENDANCE_REPORT_MAX_DAYS) {
    return {
      field: 'to',
      message: `must be within ${ATTENDANCE_REPORT_MAX_DAYS} days of from: ${from} to ${to} spans ${days} days`,
    };
  }
  return undefined;
}

/**
 * GET /api/attendance-report and its CSV: a group, and optionally the first and last day (without
 * them, the last 30 days; with one of them, the other is today or 29 days before it).
 */
export const AttendanceReportQuerySchema = z
  .object({
    group: RosterQuerySchema.shape.group.unwrap(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    // zod checks the object even when a date in it is malformed: only two real dates make a range.
    const dates = [from, to].every((date) => IsoDateSchema.safeParse(date).success);
    const problem = dates ? reportRangeProblem(from!, to!) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type AttendanceReportQuery = z.infer<typeof AttendanceReportQuerySchema>;

/** One student's attendance over the range. `flagged`: marked on some day and below the warning percentage. */
export const AttendanceReportRowSchema = z.object({
  RollNo: z.number(),
  name: z.string(),
  present: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Present / total × 100 to 2 decimals; 0 when the student was not marked in the range (SPEC §9). */
  percentage: z.number(),
  flagged: z.boolean(),
});
export type AttendanceReportRow = z.infer<typeof AttendanceReportRowSchema>;

/**
 * The report: the range it covers, the threshold, and the group's students: flagged ones first, then
 * by percentage from the lowest, students not marked in the range last; ties by roll number.
 */
export const AttendanceReportSchema = z.object({
  group: z.string(),
  from: z.string(),
  to: z.string(),
  warningPercent: z.number(),
  students: z.array(AttendanceReportRowSchema),
});
export type AttendanceReport = z.infer<typeof AttendanceReportSchema>;
