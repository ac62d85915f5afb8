import { describe, expect, it } from 'vitest';
import { groupByMonth, monthCounts } from './attendance-months';

describe('groupByMonth', () => {
  it('groups days by calendar month, newest month and day first, with each month’s counts', () => {
    const months = groupByMonth([
      { date: '2026-10-30', status: 'Present' },
      { date: '2026-11-02', status: 'Absent' },
      { date: '2026-11-03', status: 'On leave' },
      { date: '2026-10-31', status: 'Absent' },
      { date: '2026-11-01', status: 'Present' },
    ]);
    expect(months.map((m) => m.label)).toEqual(['November 2026', 'October 2026']);
    expect(months[0]!.records.map((r) => r.date)).toEqual(['2026-11-03', '2026-11-02', '2026-11-01']);
    expect(monthCounts(months[0]!)).toBe('1 present · 1 absent · 1 on leave');
    expect(monthCounts(months[1]!)).toBe('1 present · 1 absent');
  });

  it('gives no months without records', () => {
    expect(groupByMonth([])).toEqual([]);
  });
});
