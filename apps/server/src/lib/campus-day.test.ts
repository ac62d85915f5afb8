import { describe, expect, it } from 'vitest';
import { campusDay } from './campus-day';

describe('campusDay', () => {
  it('writes a day as the campus reads it, the same in every time zone', () => {
    expect(campusDay('2031-02-03')).toBe('3 Feb 2031');
    expect(campusDay('2031-12-31', 'en-US')).toBe('Dec 31, 2031');
  });

  it('keeps text that is not a day as it is', () => {
    expect(campusDay('tomorrow')).toBe('tomorrow');
    expect(campusDay('2031-02-30T10:00')).toBe('2031-02-30T10:00');
  });
});
