/**
 * The one formatter for what people read: dates, times, numbers and percentages, in the campus
 * locale (`en-IN` unless the server names another in the page's `lang`). Days read "25 Nov 2026",
 * times "25 Nov 2026, 12:29 pm", counts "1,23,456". The spec fixes two things, which keep their form:
 * query dates in the US short form (SPEC §9, `queryDate` in dates.ts) and the attendance percentage
 * to two decimals.
 */
export const DEFAULT_LOCALE = 'en-IN';

/** The campus locale: the page's `lang` when it names a region, else `en-IN`. */
export function campusLocale(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (!/^[a-z]{2,3}-[A-Z]{2}$/.test(lang)) return DEFAULT_LOCALE;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([lang]).length > 0 ? lang : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  key: string,
  make: (locale: string) => T,
): T {
  const locale = campusLocale();
  const id = `${locale}|${key}`;
  let format = formats.get(id);
  if (!format) formats.set(id, (format = make(locale)));
  return format as T;
}

const day = () =>
  cached('day', (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric' }));
const dayTime = () =>
  cached(
    'day-time',
    (l) =>
      new Intl.DateTimeFormat(l, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  );
const time = () => cached('time', (l) => new Intl.DateTimeFormat(l, { hour: 'numeric', minute: '2-digit' }));
const integer = () => cached('integer', (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));

/** A time, or a calendar day (`YYYY-MM-DD`) read as a local day so it never shifts across zones. */
export function parseDate(text: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00` : text);
}

/** Text that is not a date is shown as it was stored, rather than failing the page. */
const using = (format: () => Intl.DateTimeFormat) => (text: string) => {
  const date = parseDate(text);
  return Number.isNaN(date.getTime()) ? text : format().format(date);
};

/** "25 Nov 2026": a day. */
export const formatDay = using(day);
/** "25 Nov 2026, 12:29 pm": a moment. */
export const formatDateTime = using(dayTime);

/** "2:30 pm" from "14:30" (a time of day as typed), or the text as it was when it is not one. */
export function formatClock(hhmm: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  return time().format(new Date(2000, 0, 1, Number(match[1]), Number(match[2])));
}

/** "1,234" (or "1,23,456" in India): every count people read. */
export function formatCount(value: number): string {
  return integer().format(value);
}

/** Forgets the formats made so far (a test that changes the page's `lang`). */
export function resetFormats(): void {
  formats.clear();
}
