/**
 * A calendar day (`YYYY-MM-DD`) as people read it in the campus locale: "3 Feb 2031" in India. The
 * notifications and emails the server writes use it, as the web app's formatter does on screen.
 * Text that is not a day is kept as it is.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export const DEFAULT_CAMPUS_LOCALE = 'en-IN';

export function campusDay(text: string, locale = DEFAULT_CAMPUS_LOCALE): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return text;
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formats.set(locale, format);
  }
  return format.format(date);
}
