import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOverview } from '@campus/contract';
import { renderScreen } from '../../../test/render';
import OverviewCharts from './overview-charts';

const OVERVIEW: AdminOverview = {
  today: '2031-03-12',
  attention: {
    recentSupport: 0,
    groupsWithoutMentor: { count: 0, names: [] },
    groupsNotMarkedToday: { count: 0, names: [] },
    studentsBelowMinimum: 0,
    stalePendingGatePasses: 0,
    recentImports: 0,
  },
  activity: [
    { date: '2031-03-10', gatePasses: 0, queries: 2 },
    { date: '2031-03-11', gatePasses: 5, queries: 0 },
    { date: '2031-03-12', gatePasses: 3, queries: 1 },
  ],
  attendanceByWeek: [
    { week: '2031-03-03', percentage: null },
    { week: '2031-03-10', percentage: 82.5 },
  ],
};

const section = (name: string) => screen.getByRole('region', { name });

describe('OverviewCharts', () => {
  it('shows both charts with their legends, and each day’s numbers to screen readers', () => {
    renderScreen(<OverviewCharts overview={OVERVIEW} />);
    const activity = section('Gate passes and questions per day');
    const legend = within(activity).getByRole('list');
    expect(within(legend).getByText('Gate passes')).toBeVisible();
    expect(within(legend).getByText('Questions')).toBeVisible();
    expect(within(activity).getByRole('group', { name: 'Gate passes and questions per day' })).toBeVisible();
    expect(within(activity).getByRole('img', { name: '12 Mar: Gate passes 3, Questions 1' })).toBeVisible();
    const table = within(activity).getByRole('table', { name: 'Gate passes and questions per day' });
    const row = within(table).getByRole('row', { name: /11 Mar/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '0']);

    const attendance = section('Attendance by week');
    expect(within(within(attendance).getByRole('list')).getByText('Attendance')).toBeVisible();
    expect(within(attendance).getByRole('img', { name: '10 Mar: Attendance 82.5 %' })).toBeVisible();
    // A week with nothing marked is left out rather than drawn as 0 %.
    expect(within(attendance).queryByRole('img', { name: /^3 Mar/ })).not.toBeInTheDocument();
  });

  it('shows a day’s values on hover, and moves between days by keyboard from one tab stop', async () => {
    const { user } = renderScreen(<OverviewCharts overview={OVERVIEW} />);
    const activity = section('Gate passes and questions per day');
    await user.hover(within(activity).getByRole('img', { name: /^11 Mar/ }));
    expect(within(activity).getByText('Gate passes: 5')).toBeVisible();
    await user.unhover(within(activity).getByRole('group'));

    await user.tab();
    const first = within(activity).getByRole('img', { name: /^10 Mar/ });
    expect(first).toHaveFocus();
    expect(within(activity).getByText('Questions: 2')).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(within(activity).getByRole('img', { name: /^11 Mar/ })).toHaveFocus();
    expect(within(activity).getByText('Gate passes: 5')).toBeVisible();
    await user.keyboard('{End}');
    expect(within(activity).getByRole('img', { name: /^12 Mar/ })).toHaveFocus();

    // The next Tab leaves the bar chart for the attendance chart, not for the bar chart's next day.
    await user.tab();
    expect(section('Attendance by week').querySelector('[tabindex="0"]')).toHaveFocus();
  });

  it('says so when no attendance was marked in the last weeks', () => {
    renderScreen(
      <OverviewCharts
        overview={{ ...OVERVIEW, attendanceByWeek: [{ week: '2031-03-10', percentage: null }] }}
      />,
    );
    const attendance = section('Attendance by week');
    expect(within(attendance).getByText('No attendance marked in the last weeks.')).toBeVisible();
    expect(within(attendance).queryByRole('group')).not.toBeInTheDocument();
  });
});
