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
  renderScreen(<StudentAttendancePage />, student);
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

  it('lists date and status, newest first', async () => {
    setup([200, [...records(3, 1)].reverse()]);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2025-03-31Present',
      '2025-03-30Absent',
      '2025-03-29Absent',
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Date' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(await percentage()).toHaveTextContent('33.33%');
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
