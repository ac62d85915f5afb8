/** A student's attendance records grouped by calendar month, newest month and day first. */
import type { AttendanceRecord } from '@campus/contract';
import { formatMonth } from '../../../lib/format';

export interface AttendanceMonth {
  /** `YYYY-MM`. */
  key: string;
  /** "November 2026". */
  label: string;
  records: AttendanceRecord[];
  present: number;
  absent: number;
  onLeave: number;
}

export const monthLabel = formatMonth;

export function groupByMonth(records: readonly AttendanceRecord[]): AttendanceMonth[] {
  const months = new Map<string, AttendanceMonth>();
  // ISO days sort as text; `localeCompare` would load the browser's collation data for it.
  const newestFirst = [...records].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  for (const record of newestFirst) {
    const key = record.date.slice(0, 7);
    let month = months.get(key);
    if (!month) {
      month = { key, label: monthLabel(key), records: [], present: 0, absent: 0, onLeave: 0 };
      months.set(key, month);
    }
    month.records.push(record);
    if (record.status === 'Present') month.present += 1;
    else if (record.status === 'Absent') month.absent += 1;
    else month.onLeave += 1;
  }
  return [...months.values()];
}

/** "18 present · 2 absent · 1 on leave", leaving out what did not happen. */
export function monthCounts(month: AttendanceMonth): string {
  const parts = [`${month.present} present`, `${month.absent} absent`];
  if (month.onLeave > 0) parts.push(`${month.onLeave} on leave`);
  return parts.join(' · ');
}
