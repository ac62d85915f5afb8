import { describe, expect, it } from 'vitest';
import { hasBegun, nowOrNext } from './campus-now';

const day = '2031-02-03';
const lectures = [
  { _id: 'late', date: day, start: '14:00', end: '16:00' },
  { _id: 'first', date: day, start: '09:00', end: '10:00' },
  { _id: 'second', date: day, start: '10:00', end: '11:00' },
];

describe('which lecture is on now or next', () => {
  it.each([
    ['08:15', { id: 'first', moment: 'next' }],
    ['09:00', { id: 'first', moment: 'now' }],
    // One ends as the next begins: the one beginning is on.
    ['10:00', { id: 'second', moment: 'now' }],
    ['11:00', { id: 'late', moment: 'next' }],
    ['15:59', { id: 'late', moment: 'now' }],
    ['16:00', null],
  ])('at %s', (time, expected) => {
    expect(nowOrNext(lectures, { day, time })).toEqual(expected);
  });

  it('highlights nothing on another day or before the campus clock is known', () => {
    expect(nowOrNext(lectures, { day: '2031-02-04', time: '09:30' })).toBeNull();
    expect(nowOrNext(lectures, null)).toBeNull();
  });

  it('counts a lecture as begun from its start on the day, and every lecture of a day before', () => {
    expect(hasBegun({ date: day, start: '09:00' }, { day, time: '08:59' })).toBe(false);
    expect(hasBegun({ date: day, start: '09:00' }, { day, time: '09:00' })).toBe(true);
    expect(hasBegun({ date: day, start: '23:00' }, { day: '2031-02-04', time: '00:10' })).toBe(true);
    expect(hasBegun({ date: '2031-02-04', start: '09:00' }, { day, time: '23:00' })).toBe(false);
  });
});
