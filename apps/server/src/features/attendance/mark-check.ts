/**
 * A day's mark checked without zod's walk of its rows: a body in the form clients send (roll numbers
 * as numbers, each student once, no row key the contract does not name) passes a plain check. Its
 * date is still checked by the contract's own rule, and a key the contract does not name beside the
 * rows (a `markedBy`) is dropped, as zod drops it. Anything else goes to `MarkAttendanceRequestSchema`,
 * which stays the rule and answers every refusal in its own words.
 */
import {
  MAX_ATTENDANCE_RECORDS,
  MarkAttendanceRequestSchema,
  RECORDED_ATTENDANCE_STATUSES,
  type MarkAttendanceData,
} from '@campus/contract';
import { isRecord, isRollNo, plainBodyFirst, plainMarkExtras } from '../../plugins/plain-body';

const STATUSES: ReadonlySet<unknown> = new Set(RECORDED_ATTENDANCE_STATUSES);
const dateRule = MarkAttendanceRequestSchema.shape.date;

/** One row as zod would pass it unchanged; false for anything else, valid or not. */
function plainRecord(r: unknown): r is MarkAttendanceData['attendanceRecords'][number] {
  if (!isRecord(r) || !isRollNo(r.studentId) || !STATUSES.has(r.status)) return false;
  const keys = 2;
  const extras = plainMarkExtras(r, STATUSES);
  return extras >= 0 && Object.keys(r).length === keys + extras;
}

/** The value zod would give for the body, when the plain check can tell; otherwise undefined. */
export function plainDayMark(body: unknown): MarkAttendanceData | undefined {
  if (!isRecord(body)) return undefined;
  const { date, attendanceRecords: records } = body;
  if (!Array.isArray(records) || records.length < 1 || records.length > MAX_ATTENDANCE_RECORDS)
    return undefined;
  if (typeof date !== 'string' || !dateRule.safeParse(date).success) return undefined;
  const seen = new Set<number>();
  for (const record of records) {
    if (!plainRecord(record)) return undefined;
    if (seen.size === seen.add(record.studentId).size) return undefined;
  }
  return { date, attendanceRecords: records as MarkAttendanceData['attendanceRecords'] };
}

/** The route's validator: the plain check for the body, then the app's own (NUL search, zod). */
export const dayMarkValidator = plainBodyFirst(plainDayMark);
