/**
 * Dates and times as people read them: the campus formats of format.ts, the US short form that
 * SPEC §9 fixes for query dates, and how long ago for what just happened, with the exact time to
 * hover.
 */
import { formatDateTime, formatDay, parseDate } from './format';

const US_SHORT_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });

/** "5/2/31": SPEC §9's US short date, for query dates only. */
export function queryDate(text: string): string {
  const date = parseDate(text);
  return Number.isNaN(date.getTime()) ? text : US_SHORT_DATE.format(date);
}
/** "2 May 2031". */
export const mediumDate = formatDay;
/** "2 May 2031, 9:30 am": the exact time, shown on hover beside a relative one. */
export const exactTime = formatDateTime;

/** "5 min ago", "2 h ago", "3 days ago", then the date: how long ago something happened. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? 'yesterday' : `${days} days ago`;
  return mediumDate(iso);
}
