/**
 * The attendance percentage of SPEC §9 and how On leave days count in it, without the schema
 * library: every screen that shows a percentage uses these, forms or not.
 */
import { ATTENDANCE_WARNING_PERCENT, ON_LEAVE_STATUS } from './constants.js';

/** How On leave days count in the percentage (see ON_LEAVE_RULES in leave.ts). */
export type OnLeaveCounting = 'exclude' | 'present' | 'absent';

/** Present / total × 100, rounded to 2 decimals; 0 when there are no records. */
export function attendancePercentageOf(present: number, total: number): number {
  if (total === 0) return 0;
  // Rounding the scaled ratio to an integer first avoids binary artefacts such as 1.005 → 1.
  return Math.round((present * 10_000) / total) / 100;
}

/**
 * The days that count and the days attended, as the campus counts On leave days: left out of the
 * total (`exclude`, the default), as attended (`present`) or as missed (`absent`).
 */
export function attendanceCounts(
  records: readonly { status: string }[],
  onLeave: OnLeaveCounting = 'exclude',
): { present: number; total: number; onLeave: number } {
  let present = 0;
  let leave = 0;
  for (const record of records) {
    if (record.status === 'Present') present += 1;
    else if (record.status === ON_LEAVE_STATUS) leave += 1;
  }
  return {
    present: present + (onLeave === 'present' ? leave : 0),
    total: records.length - (onLeave === 'exclude' ? leave : 0),
    onLeave: leave,
  };
}

/** attendancePercentageOf the records' attended days and the days that count. */
export function attendancePercentage(
  records: readonly { status: string }[],
  onLeave: OnLeaveCounting = 'exclude',
): number {
  const { present, total } = attendanceCounts(records, onLeave);
  return attendancePercentageOf(present, total);
}

export interface AttendanceSummary {
  /** Days attended (On leave days too when the campus counts them as attended). */
  present: number;
  /** Days that count (without On leave days when the campus leaves them out). */
  total: number;
  /** Days On leave, however they count. */
  onLeave: number;
  /** attendancePercentage of the records. */
  percentage: number;
  /** True when some days count and the percentage is below ATTENDANCE_WARNING_PERCENT. */
  belowWarning: boolean;
}

export function attendanceSummary(
  records: readonly { status: string }[],
  onLeave: OnLeaveCounting = 'exclude',
): AttendanceSummary {
  const counts = attendanceCounts(records, onLeave);
  const percentage = attendancePercentageOf(counts.present, counts.total);
  return {
    ...counts,
    percentage,
    belowWarning: counts.total > 0 && percentage < ATTENDANCE_WARNING_PERCENT,
  };
}

/** The percentage as shown: always 2 decimals ("66.67", "0.00"). */
export const formatAttendancePercentage = (percentage: number): string => percentage.toFixed(2);
