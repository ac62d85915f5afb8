/** The forecast of a course's rule, and how a Late mark counts, as students and mentors read them. */
import { describe, expect, it } from 'vitest';
import { courseCredit, forecast } from './lecture-attendance.js';

describe('forecast', () => {
  it.each([
    // held, attended, remaining, rule → needed, state, text
    [10, 8, 14, 75, 10, 'ok', 'Attend 10 of the remaining 14 DBMS lectures to stay at 75 %'],
    [10, 6, 14, 75, 12, 'at-risk', 'Attend 12 of the remaining 14 DBMS lectures to stay at 75 %'],
    [10, 2, 14, 75, 16, 'unreachable', '75 % in DBMS can no longer be reached'],
    [20, 20, 4, 75, 0, 'ok', '75 % in DBMS is safe, even missing the remaining 4 lectures'],
    [0, 0, 14, 75, 11, 'ok', 'Attend 11 of the remaining 14 DBMS lectures to stay at 75 %'],
    [4, 2, 0, 75, 1, 'unreachable', '75 % in DBMS can no longer be reached'],
    [4, 3, 0, 75, 0, 'ok', 'No DBMS lectures remain this term'],
    [10, 8, 1, 80, 1, 'ok', 'Attend 1 of the remaining 1 DBMS lecture to stay at 80 %'],
  ] as const)(
    'held %i, attended %i, %i left, rule %i %%: attend %i (%s)',
    (held, attended, remaining, rule, needed, state, text) => {
      expect(forecast('DBMS', held, attended, remaining, rule)).toEqual({ needed, state, text });
    },
  );
});

describe('courseCredit', () => {
  const counts = { present: 6, late: 2, absent: 2, onLeave: 3 };
  it('leaves On leave out of the lectures held, and counts Late by the campus rule', () => {
    expect(courseCredit(counts, 'present')).toEqual({ held: 10, attended: 8 });
    expect(courseCredit(counts, 'half')).toEqual({ held: 10, attended: 7 });
    expect(courseCredit(counts, 'absent')).toEqual({ held: 10, attended: 6 });
  });
});
