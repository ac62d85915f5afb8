import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceRecord, Decoded } from '@campus/contract';
import { renderScreen, stubApi } from '../../../test/render';
import { StudentAttendancePage } from './student-attendance-page';

const student: Decoded = { role: 'student', name: 'Asha Rao', email: 'a@x.edu', RollNo: 230003, exp: 9e9 };

/** n records on consecutive days ending 2025-03-31, the first `present` of them Present. */
function records(n: number, present: number): AttendanceRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2025, 2, 31 - i)).toISOString().slice(0, 10),
    status: i < present ? 'Present' : 'Absent',
  }));
}

function setup([status, body]: [number, unknown], onLeave?: string) {
  stubApi((call) => {
    if (call.path === '/api/attendance/230003') return { status, body };
    if (call.path === '/api/attendance-settings' && onLeave) return { status: 200, body: { onLeave } };
    return { status: 404, body: { message: 'no' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  return renderScreen(<StudentAttendancePage />, student);
}

const percentage = async () =>
  within(await screen.findByRole('region', { name: 'Attendance percentage' })).getByText(/%$/);

// Generous waits: Mantine screens render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('student attendance', { timeout: 20_000 }, () => {
  it('leaves On leave days out of the percentage by default, and counts them as the campus says', async () => {
    const withLeave: AttendanceRecord[] = [
      ...records(3, 2),
      { date: '2025-04-01', status: 'On leave' },
      { date: '2025-04-02', status: 'On leave' },
    ];
    setup([200, withLeave]);
    expect(await percentage()).toHaveTextContent('66.67%');
    expect(screen.getByText('Present on 2 of 3 days')).toBeInTheDocument();
    expect(screen.getByText('On leave 2 days (not counted)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('below the required 75%');
  });

  it('counts On leave days as attended when the campus says so, and then does not warn', async () => {
    setup([200, [...records(3, 2), { date: '2025-04-01', status: 'On leave' }]], 'present');
    await vi.waitFor(() =>
      expect(screen.getByText('On leave 1 day (counted as present)')).toBeInTheDocument(),
    );
    expect(await percentage()).toHaveTextContent('75.00%');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows 0.00% and the empty message, without a warning, when there are no records', async () => {
    setup([200, []]);
    expect(await percentage()).toHaveTextContent('0.00%');
    expect(screen.getByText('No attendance records found.')).toBeInTheDocument();
    // Not "Present on 0 of 0 days": the student is told there is nothing yet.
    expect(screen.getByText('No attendance yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('warns below 75% and shows the percentage to 2 decimals', async () => {
    setup([200, records(3, 2)]);
    expect(await percentage()).toHaveTextContent('66.67%');
    expect(screen.getByText('Present on 2 of 3 days')).toBeInTheDocument();
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('below the required 75%');
    expect(warning).toHaveTextContent('66.67%');
  });

  it('does not warn at exactly 75% or above', async () => {
    setup([200, records(4, 3)]);
    expect(await percentage()).toHaveTextContent('75.00%');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists date and status by month, newest first', async () => {
    setup([
      200,
      [
        { date: '2025-02-27', status: 'Present' },
        { date: '2025-03-02', status: 'Absent' },
        { date: '2025-03-03', status: 'Present' },
        { date: '2025-02-28', status: 'On leave' },
      ],
    ]);
    const march = await screen.findByRole('region', { name: 'March 2025' });
    const february = screen.getByRole('region', { name: 'February 2025' });
    expect(march.compareDocumentPosition(february) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const rows = (region: HTMLElement) =>
      within(within(region).getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(rows(march)).toEqual(['3 Mar 2025Present', '2 Mar 2025Absent']);
    expect(rows(february)).toEqual(['28 Feb 2025On leave', '27 Feb 2025Present']);
    expect(within(march).getByText('1 present · 1 absent')).toBeVisible();
    expect(within(february).getByText('1 present · 0 absent · 1 on leave')).toBeVisible();
  });

  it('shows the absences only, month by month', async () => {
    const { user } = setup([200, [...records(3, 1), { date: '2025-04-01', status: 'Present' }]]);
    await user.click(await screen.findByRole('checkbox', { name: 'Absences only' }));
    const march = screen.getByRole('region', { name: 'March 2025' });
    expect(
      within(march)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['30 Mar 2025Absent', '29 Mar 2025Absent']);
    expect(screen.queryByRole('region', { name: 'April 2025' })).not.toBeInTheDocument();
  });

  it("shows a month as a calendar, each day's status in colour and in words", async () => {
    const { user } = setup([200, records(3, 1)]);
    await user.click(await screen.findByText('Calendar'));
    const grid = screen.getByRole('table', { name: 'March 2025 calendar' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // 1 March 2025 is a Saturday: the first week starts with five empty days.
    const firstWeek = within(grid).getAllByRole('row')[1]!;
    expect(
      within(firstWeek)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '', '', '', '', '1', '2']);
    const last = within(grid).getByText('31').closest('td')!;
    expect(last).toHaveTextContent('Present');
    expect(last).toHaveAttribute('data-status', 'present');
    expect(within(grid).getByText('30').closest('td')).toHaveAttribute('data-status', 'absent');
    expect(screen.getByRole('list', { name: 'Calendar key' })).toHaveTextContent('On leave');
  });

  it('shows the §8 message when the history cannot be fetched', async () => {
    setup([500, { message: 'boom' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch attendance data.');
    expect(screen.queryByRole('region', { name: 'Attendance percentage' })).not.toBeInTheDocument();
  });

  it('shows a loading text first', () => {
    setup([200, []]);
    expect(screen.getByText('Loading attendance...')).toBeInTheDocument();
  });
});
