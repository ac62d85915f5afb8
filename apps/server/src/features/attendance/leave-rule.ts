/**
 * How a mark treats the students On leave that day (decision records 0032 and 0063): approved leave
 * covering the day, or a gate pass whose time out covers the class hours. A mark is never refused as
 * a whole for them: a Present or Absent mark without the teacher's `overrideLeave` keeps them On
 * leave, and the answer says so; the other marks are saved.
 */
import {
  ON_LEAVE_STATUS,
  passExcusesDay,
  type AttendanceStatus,
  type ClassHours,
  type PassMovements,
} from '@campus/contract';
import { badRequest } from '../../lib/errors';
import type { MarkInput } from './repository';

export type AwaySource = 'leave' | 'gatepass';

/** What may put a mark's students On leave that day, as read before the mark. */
export interface DayLeave {
  leave: readonly number[];
  passes: readonly (readonly [number, PassMovements])[];
}

/** Who of them is On leave at `now`, and why (class hours in the campus's `zone`): leave wins over a pass. */
export function awayOn(day: DayLeave, hours: ClassHours, now: number, zone: string): Map<number, AwaySource> {
  const away = new Map<number, AwaySource>();
  for (const [rollNo, pass] of day.passes) {
    if (passExcusesDay(pass, hours, now, zone)) away.set(rollNo, 'gatepass');
  }
  for (const rollNo of day.leave) away.set(rollNo, 'leave');
  return away;
}

export interface LeaveRecord {
  studentId: number;
  status: AttendanceStatus;
  overrideLeave?: boolean | undefined;
}

export interface LeaveOutcome {
  /** The marks to keep: the request's, with the kept students On leave. */
  marks: MarkInput[];
  /** Students On leave whom the teacher deliberately marked anyway (audited). */
  overridden: { studentId: number; status: AttendanceStatus }[];
  /** Students On leave whom the request marked Present or Absent without an override. */
  keptOnLeave: { studentId: number; source: AwaySource }[];
}

function listed(rollNos: number[]): string {
  const shown = rollNos.slice(0, 10).join(', ');
  return rollNos.length > 10 ? `${shown} and ${rollNos.length - 10} more` : shown;
}

/** The marks a request leaves once leave is applied; On leave for a student who has none is refused. */
export function applyLeave(
  date: string,
  records: readonly LeaveRecord[],
  away: ReadonlyMap<number, AwaySource>,
): LeaveOutcome {
  const notAway = records.filter((r) => r.status === ON_LEAVE_STATUS && !away.has(r.studentId));
  if (notAway.length > 0) {
    const plural = notAway.length === 1 ? ' has' : 's have';
    throw badRequest(
      `attendanceRecords: On leave comes from approved leave or a gate pass covering the class hours, and student${plural} none on ${date}: ${listed(notAway.map((r) => r.studentId))}`,
    );
  }
  const outcome: LeaveOutcome = { marks: [], overridden: [], keptOnLeave: [] };
  for (const r of records) {
    const source = away.get(r.studentId);
    if (source === undefined || r.status === ON_LEAVE_STATUS) {
      outcome.marks.push({ rollNo: r.studentId, status: r.status });
    } else if (r.overrideLeave === true) {
      outcome.marks.push({ rollNo: r.studentId, status: r.status });
      outcome.overridden.push({ studentId: r.studentId, status: r.status });
    } else {
      outcome.marks.push({ rollNo: r.studentId, status: ON_LEAVE_STATUS });
      outcome.keptOnLeave.push({ studentId: r.studentId, source });
    }
  }
  return outcome;
}
