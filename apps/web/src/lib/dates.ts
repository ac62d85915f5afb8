/**
 * The one place dates and times are written for people, all in English (US): short dates for
 * queries and tables (SPEC §9), medium ones for notices, how long ago for what just happened, with
 * the exact time to hover.
 */
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });
const SHORT_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });
const MEDIUM_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const MEDIUM_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A time, or a calendar day (`YYYY-MM-DD`) read as a local day so it never shifts across zones. */
const parse = (text: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00` : text);

/** Text that is not a date is shown as it was stored, rather than failing the page. */
const using = (format: Intl.DateTimeFormat) => (text: string) => {
  const date = parse(text);
  return Number.isNaN(date.getTime()) ? text : format.format(date);
};

/** "5/2/31": SPEC §9's US short date (queries, table cells). */
export const shortDate = using(SHORT_DATE);
/** "5/2/31, 9:30 AM". */
export const shortDateTime = using(SHORT_DATE_TIME);
/** "May 2, 2031". */
export const mediumDate = using(MEDIUM_DATE);
/** "May 2, 2031, 9:30 AM": the exact time, shown on hover beside a relative one. */
export const exactTime = using(MEDIUM_DATE_TIME);

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
