import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ATTENDANCE_WARNING_PERCENT,
  attendancePercentage,
  attendanceSummary,
  formatAttendancePercentage,
} from '@campus/contract';

const records = (present: number, absent: number) => [
  ...Array.from({ length: present }, () => ({ status: 'Present' })),
  ...Array.from({ length: absent }, () => ({ status: 'Absent' })),
];

describe('attendancePercentage (SPEC §9)', () => {
  it('is 0 when there are no records', () => {
    expect(attendancePercentage([])).toBe(0);
    expect(formatAttendancePercentage(attendancePercentage([]))).toBe('0.00');
  });

  it('is 100 or 0 for a single record', () => {
    expect(attendancePercentage(records(1, 0))).toBe(100);
    expect(attendancePercentage(records(0, 1))).toBe(0);
  });

  it('is Present / total × 100 rounded to 2 decimals for many records', () => {
    expect(attendancePercentage(records(2, 1))).toBe(66.67);
    expect(attendancePercentage(records(1, 2))).toBe(33.33);
    expect(attendancePercentage(records(3, 1))).toBe(75);
    expect(attendancePercentage(records(1, 31))).toBe(3.13); // 3.125 rounds half up
    expect(attendancePercentage(records(149, 51))).toBe(74.5);
    expect(formatAttendancePercentage(attendancePercentage(records(3, 1)))).toBe('75.00');
  });

  it('stays within half a hundredth of the exact ratio', () => {
    fc.assert(
      fc.property(fc.nat(400), fc.nat(400), (present, absent) => {
        const total = present + absent;
        const value = attendancePercentage(records(present, absent));
        const exact = total === 0 ? 0 : (present / total) * 100;
        expect(Math.abs(value - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Math.round(value * 100)).toBeCloseTo(value * 100, 6);
      }),
      { numRuns: 200 },
    );
  });
});

describe('attendanceSummary', () => {
  it(`warns below ${ATTENDANCE_WARNING_PERCENT}% only when there are records`, () => {
    expect(attendanceSummary([])).toEqual({
      present: 0,
      total: 0,
      onLeave: 0,
      percentage: 0,
      belowWarning: false,
    });
    expect(attendanceSummary(records(3, 1))).toEqual({
      present: 3,
      total: 4,
      onLeave: 0,
      percentage: 75,
      belowWarning: false,
    });
    expect(attendanceSummary(records(149, 51)).belowWarning).toBe(true);
  });
});
