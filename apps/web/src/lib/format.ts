/**
 * The one formatter for what people read: dates, times, numbers and percentages, in the campus
 * locale (`en-IN` unless the server names another in the page's `lang`). Days read "25 Nov 2026",
 * times "25 Nov 2026, 12:29 pm", counts "1,23,456", percentages "75%" (no space before the sign).
 * The spec fixes two things, which keep their form: query dates in English (US), "Dec 6, 2026"
 * (SPEC §9, `queryDate` in dates.ts), and the attendance percentage to two decimals, "70.00%".
 *
 * The default locale's forms are written out here rather than asked of `Intl`: a page's first `Intl`
 * call loads the browser's locale data inside the first render (docs/performance.md, "The web app's
 * first screen"). Any other locale is formatted by `Intl`. The unit tests hold both to the same output.
 */
import { formatAttendancePercentage } from '@campus/contract';

export const DEFAULT_LOCALE = 'en-IN';

/** The last `lang` looked up and the locale it gave: asking the browser costs more than a format. */
let known: { lang: string; locale: string } | undefined;

/** The campus locale: the page's `lang` when it names a region, else `en-IN`. */
export function campusLocale(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (known?.lang !== lang) known = { lang, locale: supported(lang) };
  return known.locale;
}

function supported(lang: string): string {
  if (lang === DEFAULT_LOCALE) return DEFAULT_LOCALE;
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

/**
 * Hindi's CLDR data writes "am"/"pm" in Latin letters; the part of the day in Hindi ("सुबह 10:00",
 * "दोपहर 2:30") is how Hindi writes a time. Other locales keep their own form.
 */
const dayPeriod = (locale: string): Intl.DateTimeFormatOptions =>
  locale.split('-')[0] === 'hi' ? { dayPeriod: 'short' } : {};

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
        ...dayPeriod(l),
      }),
  );
const time = () =>
  cached('time', (l) => new Intl.DateTimeFormat(l, { hour: 'numeric', minute: '2-digit', ...dayPeriod(l) }));
const integer = () => cached('integer', (l) => new Intl.NumberFormat(l, { maximumFractionDigits: 0 }));

// The default locale's forms, as `Intl` gives them for en-IN.
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Whether the written-out forms apply: the default locale, and a year of four digits. */
const written = (date?: Date) =>
  campusLocale() === DEFAULT_LOCALE &&
  (date === undefined || (date.getFullYear() >= 1000 && date.getFullYear() <= 9999));

const writtenDay = (d: Date) => `${d.getDate()} ${SHORT_MONTHS[d.getMonth()]} ${d.getFullYear()}`;
const twelveHour = (hour: number, minute: number) =>
  `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
const writtenTime = (d: Date) => twelveHour(d.getHours(), d.getMinutes());

/** "12,34,567": digits grouped in threes, then twos, as India writes them. */
function groupDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs =
    head.length % 2 === 0 ? head.match(/\d{2}/g)! : [head[0]!, ...(head.slice(1).match(/\d{2}/g) ?? [])];
  return `${pairs.join(',')},${digits.slice(-3)}`;
}

/**
 * A non-negative number to `places` decimals in the default locale, rounded as `Intl` rounds: half
 * away from zero, on the number's shortest decimal form (so 1.005 gives 1.01). Null when the number
 * is negative, not finite or too large to write out plainly; `Intl` formats those.
 */
function writtenNumber(value: number, minPlaces: number, maxPlaces: number): string | null {
  if (!Number.isFinite(value) || value < 0 || Object.is(value, -0) || value >= 1e15) return null;
  const text = String(value);
  if (text.includes('e')) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  let digits = whole + fraction.slice(0, maxPlaces).padEnd(maxPlaces, '0');
  if (fraction.length > maxPlaces && fraction[maxPlaces]! >= '5') {
    digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  }
  const intPart = digits.slice(0, digits.length - maxPlaces) || '0';
  let decimals = digits.slice(digits.length - maxPlaces);
  while (decimals.length > minPlaces && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  return decimals ? `${groupDigits(intPart)}.${decimals}` : groupDigits(intPart);
}

/** A time, or a calendar day (`YYYY-MM-DD`) read as a local day so it never shifts across zones. */
export function parseDate(text: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00` : text);
}

/** Text that is not a date is shown as it was stored, rather than failing the page. */
const using = (write: (date: Date) => string, format: () => Intl.DateTimeFormat) => (text: string) => {
  const date = parseDate(text);
  if (Number.isNaN(date.getTime())) return text;
  return written(date) ? write(date) : format().format(date);
};

/** "25 Nov 2026": a day. */
export const formatDay = using(writtenDay, day);
/** "25 Nov 2026, 12:29 pm": a moment. */
export const formatDateTime = using((d) => `${writtenDay(d)}, ${writtenTime(d)}`, dayTime);

/** "2:30 pm" from "14:30" (a time of day as typed), or the text as it was when it is not one. */
export function formatClock(hhmm: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const date = new Date(2000, 0, 1, Number(match[1]), Number(match[2]));
  return written() ? writtenTime(date) : time().format(date);
}

/** "1,234" (or "1,23,456" in India): every count people read. */
export function formatCount(value: number): string {
  return (written() ? writtenNumber(value, 0, 0) : null) ?? integer().format(value);
}

/** "8.25" from 8.25 with two digits, "1.5" with one: a measure shown to a fixed number of decimals. */
export function formatDecimal(value: number, digits: number): string {
  return (
    (written() ? writtenNumber(value, digits, digits) : null) ??
    cached(
      `decimal-${digits}`,
      (l) => new Intl.NumberFormat(l, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    ).format(value)
  );
}

/** "70.00%": an attendance percentage, to two decimals (SPEC §9) as the server's mails write it. */
export function formatAttendancePercent(percentage: number): string {
  return `${formatAttendancePercentage(percentage)}%`;
}

/** "75%": a whole percentage, such as the attendance a student must keep, with no space before the sign. */
export function formatPercent(value: number): string {
  return `${formatCount(value)}%`;
}

const deviceTimeOfDay = using(writtenTime, time);

/**
 * Readers of the hour and minute on a zone's clock, in digits; null for a zone the browser does not
 * know. English (US) data is in every browser, so the campus locale's data is not loaded for it.
 */
const zoneClocks = new Map<string, Intl.DateTimeFormat | null>();
function zoneClock(zone: string): Intl.DateTimeFormat | null {
  let clock = zoneClocks.get(zone);
  if (clock === undefined) {
    try {
      clock = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
      });
    } catch {
      clock = null;
    }
    zoneClocks.set(zone, clock);
  }
  return clock;
}

/**
 * "9:30 am": the time of day of a moment (an ISO timestamp), in the campus form. With `timeZone` (the
 * campus's) it is that zone's hour, whatever the device's; without it, or for a zone the browser does
 * not know, the device's.
 */
export function formatTimeOfDay(iso: string, timeZone?: string | null): string {
  const clock = timeZone ? zoneClock(timeZone) : null;
  const date = parseDate(iso);
  if (!clock || !timeZone || Number.isNaN(date.getTime())) return deviceTimeOfDay(iso);
  if (!written()) {
    return cached(
      `time|${timeZone}`,
      (l) => new Intl.DateTimeFormat(l, { hour: 'numeric', minute: '2-digit', ...dayPeriod(l), timeZone }),
    ).format(date);
  }
  const parts = clock.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return twelveHour(part('hour') % 24, part('minute'));
}

/** "November 2026" from "2026-11": a calendar month. */
export function formatMonth(yyyyMm: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yyyyMm);
  if (!match) return yyyyMm;
  const month = Number(match[2]);
  if (written() && month >= 1 && month <= 12 && Number(match[1]) >= 1000) {
    return `${LONG_MONTHS[month - 1]} ${match[1]}`;
  }
  return cached('month', (l) => new Intl.DateTimeFormat(l, { month: 'long', year: 'numeric' })).format(
    new Date(Number(match[1]), Number(match[2]) - 1, 1),
  );
}

/** "2 May 2031" for one day, "2 May 2031 to 5 May 2031" for a range of days (both ISO days). */
export function formatDayRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`;
}

const numericDay = () =>
  cached(
    'numeric-day',
    (l) => new Intl.DateTimeFormat(l, { day: '2-digit', month: '2-digit', year: 'numeric' }),
  );

type DayPart = 'day' | 'month' | 'year';

/** The order of day, month and year in the campus locale: day first in India, month first in the US. */
export function dayOrder(): DayPart[] {
  if (written()) return ['day', 'month', 'year'];
  return numericDay()
    .formatToParts(new Date(2031, 4, 2))
    .flatMap((part) =>
      part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
    );
}

/** "DD/MM/YYYY" in India: what a date field shows as its placeholder, in the campus order. */
export function dayInputPattern(): string {
  const words: Record<DayPart, string> = { day: 'DD', month: 'MM', year: 'YYYY' };
  return dayOrder()
    .map((part) => words[part])
    .join('/');
}

/** "02/05/2031" from "2031-05-02": a calendar day as a date field shows it, in the campus order. */
export function formatDayInput(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const parts: Record<DayPart, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  return dayOrder()
    .map((part) => parts[part])
    .join('/');
}

/**
 * "2031-05-02" from "2/5/2031", "02-05-2031" or "02.05.2031" typed in the campus order (or from an ISO
 * day as pasted), or null when the text is not a real calendar day.
 */
export function parseDayInput(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const numbers = iso
    ? { year: iso[1]!, month: iso[2]!, day: iso[3]! }
    : (() => {
        const pieces = trimmed.split(/[/.\-\s]+/);
        if (pieces.length !== 3 || !pieces.every((piece) => /^\d+$/.test(piece))) return null;
        const order = dayOrder();
        return Object.fromEntries(order.map((part, i) => [part, pieces[i]!])) as Record<DayPart, string>;
      })();
  if (!numbers || numbers.year.length !== 4) return null;
  const [year, month, day] = [Number(numbers.year), Number(numbers.month), Number(numbers.day)];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${numbers.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Forgets the formats made so far (a test that changes the page's `lang`). */
export function resetFormats(): void {
  formats.clear();
}
