import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Period } from '@campus/contract';
import { renderScreen } from '../../../test/render';
import { WeekGrid, weekSpan } from './week-grid';

const period = (id: string, weekday: number, start: string, end: string, course = 'CS301'): Period => ({
  _id: id,
  course,
  courseName: course === 'CS301' ? 'DBMS' : 'Statistics',
  group: 'CSE-A',
  teacherId: 500001,
  teacherName: 'Meera Iyer',
  weekday,
  start,
  end,
  room: 'LH-101',
});

const WEEK = [
  period('p3', 1, '11:00', '11:50', 'MA201'),
  period('p1', 1, '09:00', '09:50'),
  period('p2', 3, '10:00', '10:50', 'MA201'),
  period('p4', 6, '09:30', '10:20'),
];

describe('the week grid', () => {
  it('shows a group’s week day by day, each day’s periods in time order, and opens the one pressed', async () => {
    const onEdit = vi.fn();
    const { user } = renderScreen(<WeekGrid group="CSE-A" periods={WEEK} onEdit={onEdit} />);
    const week = screen.getByRole('region', { name: 'Week of CSE-A' });
    // Monday to Friday always; Saturday only because a period falls on it.
    expect(
      within(week)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    const monday = screen.getByRole('region', { name: 'Monday' });
    expect(
      within(monday)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('CS301 · DBMS'), expect.stringContaining('MA201 · Statistics')]);
    expect(within(monday).getAllByRole('button')[0]).toHaveTextContent('LH-101 · Meera Iyer');
    expect(within(screen.getByRole('region', { name: 'Tuesday' })).getByText('No periods')).toBeVisible();

    await user.click(within(screen.getByRole('region', { name: 'Wednesday' })).getByRole('button'));
    expect(onEdit).toHaveBeenCalledWith(WEEK[2]);
  });

  it('places each period between the grid lines of its times, a line every five minutes from the first hour', () => {
    const span = weekSpan(WEEK);
    expect(span.hours).toEqual(['09:00', '10:00', '11:00']);
    expect(span.slots).toBe(36);
    expect(span.lines({ start: '09:00', end: '09:50' })).toEqual({ from: 1, to: 11 });
    expect(span.lines({ start: '11:00', end: '11:50' })).toEqual({ from: 25, to: 35 });
    // Times off the five-minute grid take the slots they touch.
    expect(span.lines({ start: '09:32', end: '10:18' })).toEqual({ from: 7, to: 17 });

    renderScreen(<WeekGrid group="CSE-A" periods={WEEK} onEdit={vi.fn()} />);
    const [first] = within(screen.getByRole('region', { name: 'Monday' })).getAllByRole('listitem');
    expect(first!.style.getPropertyValue('--week-from')).toBe('1');
    expect(first!.style.getPropertyValue('--week-to')).toBe('11');
  });
});
