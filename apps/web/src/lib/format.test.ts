import { afterEach, describe, expect, it } from 'vitest';
import {
  dayOrder,
  formatClock,
  formatCount,
  formatDateTime,
  formatDay,
  formatAttendancePercent,
  formatDecimal,
  formatMonth,
  formatPercent,
  formatTimeOfDay,
  resetFormats,
} from './format';

afterEach(() => {
  document.documentElement.lang = '';
  resetFormats();
});

const IN = 'en-IN';
const intlDay = new Intl.DateTimeFormat(IN, { day: 'numeric', month: 'short', year: 'numeric' });
const intlDayTime = new Intl.DateTimeFormat(IN, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const intlTime = new Intl.DateTimeFormat(IN, { hour: 'numeric', minute: '2-digit' });
const intlMonth = new Intl.DateTimeFormat(IN, { month: 'long', year: 'numeric' });
const intlNumber = (places: number) =>
  new Intl.NumberFormat(IN, { minimumFractionDigits: places, maximumFractionDigits: places });
const pad = (n: number) => String(n).padStart(2, '0');

describe('the campus locale written out, as Intl writes it', () => {
  it('reads days, moments and months as people in India write them', () => {
    expect(formatDay('2026-09-05')).toBe('5 Sept 2026');
    expect(formatDateTime('2026-11-25T12:29:00')).toBe('25 Nov 2026, 12:29 pm');
    expect(formatClock('00:05')).toBe('12:05 am');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatDecimal(8.25, 2)).toBe('8.25');
    expect(dayOrder()).toEqual(['day', 'month', 'year']);
  });

  it('gives the same text as Intl for every month, hour and minute', () => {
    for (let month = 0; month < 12; month++) {
      for (const dayOfMonth of [1, 9, 10, 28]) {
        const iso = `2026-${pad(month + 1)}-${pad(dayOfMonth)}`;
        expect(formatDay(iso)).toBe(intlDay.format(new Date(2026, month, dayOfMonth)));
      }
      expect(formatMonth(`2031-${pad(month + 1)}`)).toBe(intlMonth.format(new Date(2031, month, 1)));
    }
    for (let hour = 0; hour < 24; hour++) {
      for (const minute of [0, 7, 30, 59]) {
        const moment = new Date(2027, 1, 3, hour, minute);
        const iso = `2027-02-03T${pad(hour)}:${pad(minute)}:00`;
        expect(formatDateTime(iso)).toBe(intlDayTime.format(moment));
        expect(formatTimeOfDay(iso)).toBe(intlTime.format(moment));
        expect(formatClock(`${pad(hour)}:${pad(minute)}`)).toBe(intlTime.format(moment));
      }
    }
  });

  it('groups and rounds numbers as Intl does, halves away from zero on the shortest decimal', () => {
    const values = [
      0,
      0.4,
      0.5,
      1,
      2.5,
      3.5,
      999,
      999.5,
      1000,
      12345,
      123456,
      1234567,
      123456789,
      99999999.5,
      1.005,
      2.675,
      8.25,
      99.995,
      0.005,
      0.125,
      1234.5,
      123456.789,
      33.333333,
      66.666666,
      1e14 + 0.5,
    ];
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 500; i++) values.push(Math.round(next() * 10 ** (1 + (i % 9)) * 1000) / 1000);
    for (const value of values) {
      expect(formatCount(value), String(value)).toBe(intlNumber(0).format(value));
      for (const places of [1, 2]) {
        expect(formatDecimal(value, places), `${value} to ${places}`).toBe(intlNumber(places).format(value));
      }
    }
  });

  it('leaves negative, huge and odd values to Intl', () => {
    for (const value of [-1234.5, -0, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCount(value), String(value)).toBe(intlNumber(0).format(value));
      expect(formatDecimal(value, 2), String(value)).toBe(intlNumber(2).format(value));
    }
    expect(formatDay('0999-05-02')).toBe(intlDay.format(new Date('0999-05-02T00:00:00')));
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('formats another campus locale with Intl', () => {
    document.documentElement.lang = 'en-US';
    resetFormats();
    expect(formatDay('2026-09-05')).toBe('Sep 5, 2026');
    expect(formatCount(123456)).toBe('123,456');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(dayOrder()).toEqual(['month', 'day', 'year']);
  });
});

describe("a time of day on the campus's clock", () => {
  it("writes the campus zone's hour for every hour and minute, as Intl writes it there", () => {
    for (const zone of ['Asia/Kolkata', 'America/New_York', 'UTC']) {
      const intlThere = new Intl.DateTimeFormat(IN, { hour: 'numeric', minute: '2-digit', timeZone: zone });
      for (let hour = 0; hour < 24; hour++) {
        for (const minute of [0, 7, 30, 59]) {
          const iso = `2027-02-03T${pad(hour)}:${pad(minute)}:00.000Z`;
          expect(formatTimeOfDay(iso, zone), `${iso} in ${zone}`).toBe(intlThere.format(new Date(iso)));
        }
      }
    }
    // 04:00 UTC is half past nine in India.
    expect(formatTimeOfDay('2031-03-10T04:00:00.000Z', 'Asia/Kolkata')).toBe('9:30 am');
  });

  it("keeps the device's clock for a zone unknown or not yet known, and text that is not a time", () => {
    const iso = '2031-03-10T04:00:00.000Z';
    const device = intlTime.format(new Date(iso));
    expect(formatTimeOfDay(iso, 'Mars/Olympus_Mons')).toBe(device);
    expect(formatTimeOfDay(iso, undefined)).toBe(device);
    expect(formatTimeOfDay('soon', 'Asia/Kolkata')).toBe('soon');
  });

  it('writes the campus zone in another campus locale with Intl', () => {
    document.documentElement.lang = 'en-US';
    resetFormats();
    expect(formatTimeOfDay('2031-03-10T04:00:00.000Z', 'Asia/Kolkata')).toBe(
      new Intl.DateTimeFormat('en-US', {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Asia/Kolkata',
      }).format(new Date('2031-03-10T04:00:00.000Z')),
    );
  });
});

describe('percentages, one way everywhere', () => {
  it('writes the attendance percentage to two decimals with the sign right after it', () => {
    expect(formatAttendancePercent(70)).toBe('70.00%');
    expect(formatAttendancePercent((2 / 3) * 100)).toBe('66.67%');
    expect(formatAttendancePercent(0)).toBe('0.00%');
    expect(formatAttendancePercent(100)).toBe('100.00%');
  });

  it('writes a threshold as a whole number with no space before the sign', () => {
    expect(formatPercent(75)).toBe('75%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(100)).not.toContain(' ');
  });
});
