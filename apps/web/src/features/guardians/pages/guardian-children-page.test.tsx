import { describe, expect, it } from 'vitest';
import { todayText } from './guardian-children-page';

describe("a child's day, in words", () => {
  it('says where the child is: in school, out since a time, or on leave until a day', () => {
    expect(todayText({ state: 'in' })).toBe('In school');
    expect(todayText({ state: 'out', since: '16:40', returnBy: null })).toBe(
      'Out on a gate pass since 16:40',
    );
    expect(todayText({ state: 'out', since: '16:40', returnBy: '18:00' })).toBe(
      'Out on a gate pass since 16:40, back by 18:00',
    );
    expect(todayText({ state: 'leave', until: '2026-03-06' })).toBe('On leave until 2026-03-06');
  });
});
