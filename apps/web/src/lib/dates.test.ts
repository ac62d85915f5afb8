import { afterEach, describe, expect, it } from 'vitest';
import { exactTime, mediumDate, queryDate, relativeTime } from './dates';
import {
  formatClock,
  formatCount,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatDecimal,
  formatMonth,
  formatTimeOfDay,
  resetFormats,
} from './format';

const NOW = Date.parse('2031-05-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

afterEach(() => {
  document.documentElement.lang = 'en';
  resetFormats();
});

describe('relativeTime', () => {
  it('says how long ago, in the largest unit that fits, then the date', () => {
    expect(relativeTime(ago(20_000), NOW)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe('5 min ago');
    expect(relativeTime(ago(2 * 3_600_000 + 59 * 60_000), NOW)).toBe('2 h ago');
    expect(relativeTime(ago(30 * 3_600_000), NOW)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400_000), NOW)).toBe('3 days ago');
    expect(relativeTime('2031-04-01T12:00:00Z', NOW)).toBe('1 Apr 2031');
  });

  it('never says a time in the future is ago', () => {
    expect(relativeTime(ago(-60_000), NOW)).toBe('just now');
  });

  it('gives the exact time for the hover, in the campus form', () => {
    expect(exactTime('2031-04-01T12:00:00Z')).toMatch(/^1 Apr 2031, \d{1,2}:00 [ap]m$/);
  });
});

describe('one formatter in the campus locale (en-IN unless the page names another)', () => {
  it('writes days, moments, times of day and counts one way', () => {
    expect(formatDay('2031-05-02')).toBe('2 May 2031');
    expect(formatDateTime('2031-05-02T09:30:00')).toBe('2 May 2031, 9:30 am');
    expect(formatClock('14:05')).toBe('2:05 pm');
    expect(formatCount(4000)).toBe('4,000');
    expect(formatCount(123456)).toBe('1,23,456');
  });

  it('writes ranges of days, months, the time of a moment and fixed decimals one way too', () => {
    expect(formatDayRange('2031-05-02', '2031-05-02')).toBe('2 May 2031');
    expect(formatDayRange('2031-05-02', '2031-05-05')).toBe('2 May 2031 to 5 May 2031');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatTimeOfDay('2031-05-02T09:30:00')).toBe('9:30 am');
    expect(formatDecimal(8, 2)).toBe('8.00');
    expect(formatDecimal(1.25, 1)).toBe('1.3');
    expect(formatDecimal(123456.5, 2)).toBe('1,23,456.50');
  });

  it('follows the locale the server put in the page', () => {
    document.documentElement.lang = 'en-GB';
    resetFormats();
    expect(formatCount(123456)).toBe('123,456');
    expect(formatDay('2031-05-02')).toBe('2 May 2031');
  });

  it('writes query dates in English (US) with the month as a word, never as 12/6/26 (SPEC §9)', () => {
    expect(queryDate('2026-12-06')).toBe('Dec 6, 2026');
    expect(queryDate('2031-05-02T09:30:00')).toBe('May 2, 2031');
    expect(queryDate('2005-01-09')).toBe('Jan 9, 2005');
    const usMedium = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const day = `2026-${String(month + 1).padStart(2, '0')}-28`;
      expect(queryDate(day)).toBe(usMedium.format(new Date(2026, month, 28)));
    }
    expect(queryDate('2026-11-25T23:59:00')).toBe(usMedium.format(new Date('2026-11-25T23:59:00')));
  });

  it('keeps query dates in English (US) whatever the campus locale', () => {
    document.documentElement.lang = 'en-GB';
    resetFormats();
    expect(queryDate('2026-12-06')).toBe('Dec 6, 2026');
  });

  it('shows text that is not a date as it was stored', () => {
    expect(queryDate('soon')).toBe('soon');
    expect(mediumDate('2031-13-45')).toBe('2031-13-45');
    expect(formatClock('noon')).toBe('noon');
  });
});
