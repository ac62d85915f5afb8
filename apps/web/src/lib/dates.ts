/**
 * Dates and times as people read them: the campus formats of format.ts, the English (US) form that
 * SPEC §9 fixes for query dates ("Dec 6, 2026"), and how long ago for what just happened, with the exact time to
 * hover.
 */
import { formatDateTime, formatDay, parseDate } from './format';

const US_SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "May 2, 2031": SPEC §9's English (US) date for queries, with the month as a word so that no reader
 * takes 6 December for 12 June (as `en-US` writes `{ month: 'short', day: 'numeric', year: 'numeric' }`).
 * Written out rather than asked of an `en-US` formatter, which loads a second locale's data
 * (docs/performance.md, "The web app's first screen").
 */
export function queryDate(text: string): string {
  const date = parseDate(text);
  if (Number.isNaN(date.getTime())) return text;
  return `${US_SHORT_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
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
