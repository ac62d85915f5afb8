/**
 * Dates and times as people read them: the campus formats of format.ts, the US short form that
 * SPEC §9 fixes for query dates, and how long ago for what just happened, with the exact time to
 * hover.
 */
import { formatDateTime, formatDay, parseDate } from './format';

/**
 * "5/2/31": SPEC §9's US short date (month/day/two-digit year, as `en-US`'s short date style writes
 * it), for query dates only. Written out rather than asked of an `en-US` formatter: loading a
 * second locale's data cost the queries screen a twentieth of its first render on a phone.
 */
export function queryDate(text: string): string {
  const date = parseDate(text);
  if (Number.isNaN(date.getTime())) return text;
  const year = String(date.getFullYear() % 100).padStart(2, '0');
  return `${date.getMonth() + 1}/${date.getDate()}/${year}`;
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
