import { describe, expect, it } from 'vitest';
import { exactTime, mediumDate, relativeTime, shortDate, shortDateTime } from './dates';

const NOW = Date.parse('2031-05-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime', () => {
  it('says how long ago, in the largest unit that fits, then the date', () => {
    expect(relativeTime(ago(20_000), NOW)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe('5 min ago');
    expect(relativeTime(ago(2 * 3_600_000 + 59 * 60_000), NOW)).toBe('2 h ago');
    expect(relativeTime(ago(30 * 3_600_000), NOW)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400_000), NOW)).toBe('3 days ago');
    expect(relativeTime('2031-04-01T12:00:00Z', NOW)).toBe('Apr 1, 2031');
  });

  it('never says a time in the future is ago', () => {
    expect(relativeTime(ago(-60_000), NOW)).toBe('just now');
  });

  it('gives the exact time for the hover', () => {
    expect(exactTime('2031-04-01T12:00:00Z')).toMatch(/^Apr 1, 2031, \d{1,2}:00 [AP]M$/);
  });
});

describe('dates', () => {
  it('writes US short dates (SPEC §9), medium ones, and calendar days as local days', () => {
    expect(shortDate('2031-05-02T09:30:00')).toBe('5/2/31');
    expect(shortDateTime('2031-05-02T09:30:00')).toBe('5/2/31, 9:30 AM');
    expect(mediumDate('2031-05-02')).toBe('May 2, 2031');
  });

  it('shows text that is not a date as it was stored', () => {
    expect(shortDate('soon')).toBe('soon');
    expect(mediumDate('2031-13-45')).toBe('2031-13-45');
  });
});
