/**
 * Where an approved pass stands at the gate, from its row and the time. Its day and times are the
 * campus's wall clock, in the campus's time zone (a setting; decision record 0081): a pass for
 * 2026-05-04 can be used to leave on that campus day only; its return time is that day's HH:MM, the
 * end of the day when none was given.
 */
import {
  campusToday,
  decideGateScan,
  instantAt,
  type GateDirection,
  type GatePassStanding,
  type GateRefusal,
  type GateState,
  type GatePassStatus,
} from '@campus/contract';

export interface GateRow {
  status: GatePassStatus;
  date: string;
  return_by: string | null;
  exited_at: string | null;
  returned_at: string | null;
  revoked_at: string | null;
}

/** How long a scan that allowed a move may be confirmed: the student is at the gate, not hours later. */
export const SCAN_GOOD_FOR_MS = 15 * 60_000;

/** The moment a pass is judged at: the instant, the campus's day then, and the campus's zone. */
export interface CampusMoment {
  now: number;
  today: string;
  zone: string;
}

export const campusMoment = (now: number, zone: string): CampusMoment => ({
  now,
  today: campusToday(now, zone),
  zone,
});

/** When the student should be back: the return time on the pass's day, or the end of that day. */
export function returnDeadline(date: string, returnBy: string | null, zone: string): Date {
  return returnBy ? new Date(instantAt(date, returnBy, zone)) : endOfDay(date, zone);
}

/** The end of a pass's day on the campus's clock, when its credential expires. */
export function endOfDay(date: string, zone: string): Date {
  return new Date(instantAt(date, '23:59', zone) + 60_000);
}

export function gateState(row: GateRow, at: CampusMoment): GateState | undefined {
  if (row.status !== 'approved') return undefined;
  if (row.returned_at) return 'returned';
  if (row.exited_at) return isLate(row, at) ? 'overdue' : 'out';
  if (row.revoked_at) return 'revoked';
  return at.today > row.date ? 'expired' : 'ready';
}

/** Whether a student out on the pass is past their return time. */
export const isLate = (row: Pick<GateRow, 'date' | 'return_by'>, at: Omit<CampusMoment, 'today'>) =>
  at.now > returnDeadline(row.date, row.return_by, at.zone).getTime();

/** What the gate knows of a pass from its row, for the gate's rule (`decideGateScan`, in the contract). */
export function standingOf(row: GateRow): GatePassStanding {
  if (row.status !== 'approved') return 'not-approved';
  if (row.returned_at) return 'back';
  if (row.exited_at) return 'out';
  return row.revoked_at ? 'revoked' : 'unused';
}

/**
 * Why the gate refuses the pass now, going `direction`, or undefined when it may go: the gate's rule
 * for the pass's own day (a typed code, or a credential still current).
 */
export function refusalOf(
  row: GateRow,
  at: CampusMoment,
  direction: GateDirection = 'auto',
): GateRefusal | undefined {
  const decision = decideGateScan({
    check: 'valid',
    claims: { d: row.date },
    standing: standingOf(row),
    direction,
    now: at.now,
    zone: at.zone,
  });
  return decision.outcome === 'refused' ? decision.reason : undefined;
}

/** Initials for the guard's avatar: the first letters of the first and last names. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
