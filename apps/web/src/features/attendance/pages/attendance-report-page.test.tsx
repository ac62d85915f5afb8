import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceReport, TermSettings } from '@campus/contract';
import { ADMIN, renderScreen, stubApi, TEACHER, type ApiCall } from '../../../test/render';
import { campusTime, deviceAt, TERM } from '../../timetable/test/data';
import { AttendanceReportPage } from './attendance-report-page';

configure({ asyncUtilTimeout: 5000 });

const CSV =
  '\uFEFFRoll No,Name,Present days,Total days,Attendance %,Below 75%\r\n230002,Bilal Khan,1,2,50.00,Yes\r\n';

function reportOf(call: ApiCall): AttendanceReport {
  return {
    group: call.search.get('group')!,
    from: call.search.get('from')!,
    to: call.search.get('to')!,
    warningPercent: 75,
    students: [
      { RollNo: 230002, name: 'Bilal Khan', present: 1, total: 2, percentage: 50, flagged: true },
      { RollNo: 230004, name: 'Dev Patel', present: 2, total: 3, percentage: 66.67, flagged: true },
      { RollNo: 230001, name: 'Asha Rao', present: 2, total: 2, percentage: 100, flagged: false },
      { RollNo: 230003, name: 'Chen Li', present: 0, total: 0, percentage: 0, flagged: false },
    ],
  };
}

function setup(
  user = TEACHER,
  { refuse, refuseCsv, term }: { refuse?: string; refuseCsv?: boolean; term?: TermSettings } = {},
) {
  const calls = stubApi((call) => {
    if (term && call.path === '/api/timetable-settings') return { status: 200, body: term };
    if (call.path === '/api/teacher-details/500001')
      return { status: 200, body: { groups: ['CSE-A', 'CSE-B'] } };
    if (call.path === '/api/groups') return { status: 200, body: ['CSE-A', 'CSE-B', 'ECE-A'] };
    if (refuse && call.path.startsWith('/api/attendance-report'))
      return { status: 403, body: { message: refuse } };
    if (call.path === '/api/attendance-report') return { status: 200, body: reportOf(call) };
    if (refuseCsv && call.path === '/api/attendance-report.csv') return { status: 503, body: {} };
    if (call.path === '/api/attendance-report.csv') {
      return new Response(CSV, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="attendance-CSE-A-2025-02-14-to-2025-03-15.csv"',
        },
      });
    }
    return { status: 404, body: { message: 'no' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  const screenApi = renderScreen(<AttendanceReportPage />, user, { path: '/teacher/attendance-report' });
  return { ...screenApi, calls };
}

const reportCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/api/attendance-report').map((c) => c.search.toString());

beforeEach(() => {
  // Today is 15 March 2025 on the user's clock; only Date is faked, timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 15, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('attendance report', { timeout: 20_000 }, () => {
  it("opens a teacher's own first group over the last 30 days, the flagged students first and said so in words", async () => {
    const { calls } = setup();
    const table = await screen.findByRole('table', {
      name: /^Attendance of CSE-A from 14 Feb 2025 to 15 Mar 2025$/,
    });
    expect(reportCalls(calls)).toEqual(['group=CSE-A&from=2025-02-14&to=2025-03-15']);
    expect(screen.getByLabelText('From')).toHaveValue('14/02/2025');
    expect(screen.getByText(/2 of 4 students below 75%, listed first\./)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '230002Bilal KhanBelow 75%50.00%12',
      '230004Dev PatelBelow 75%66.67%23',
      '230001Asha RaoOK100.00%22',
      '230003Chen LiNot marked0.00%00',
    ]);
  });

  it('asks again for another group and range, and refuses a range that ends before it starts', async () => {
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'CSE-B', hidden: true }));
    await screen.findByRole('table', { name: /^Attendance of CSE-B/ });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-20' } });
    expect(await screen.findByText('From must be on or before To (15 Mar 2025)')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Attendance of/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    expect(
      await screen.findByText('To must be within 366 days of From: 1 Jan 2024 to 15 Mar 2025 spans 440 days'),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    await screen.findByRole('table', { name: 'Attendance of CSE-B from 1 Mar 2025 to 15 Mar 2025' });
    expect(reportCalls(calls)).toEqual([
      'group=CSE-A&from=2025-02-14&to=2025-03-15',
      'group=CSE-B&from=2025-02-14&to=2025-03-15',
      'group=CSE-B&from=2025-03-01&to=2025-03-15',
    ]);
  });

  it('downloads the CSV the server sends, under its name', async () => {
    const saved: { name: string; text: Promise<string> }[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      // The bytes as sent, byte-order mark included (Blob.text() drops it).
      const text = blob
        .arrayBuffer()
        .then((bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
      saved.push({ name: '', text });
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download;
    });
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(saved[0]?.name).toBe('attendance-CSE-A-2025-02-14-to-2025-03-15.csv'));
    expect(await saved[0]!.text).toBe(CSV);
    expect(calls.find((c) => c.path === '/api/attendance-report.csv')?.search.toString()).toBe(
      'group=CSE-A&from=2025-02-14&to=2025-03-15',
    );
  });

  it('says in a toast whose report could not be downloaded, and what to do', async () => {
    const { user } = setup(TEACHER, { refuseCsv: true });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not download the attendance report of CSE-A');
    expect(toast).toHaveTextContent('The server had a problem. Try again in a moment.');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('lets an admin choose among every group', async () => {
    const { user, calls } = setup(ADMIN);
    expect(await screen.findByText('Choose a group to see its report.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'ECE-A', hidden: true }));
    await screen.findByRole('table', { name: /^Attendance of ECE-A/ });
    expect(calls.some((c) => c.path.startsWith('/api/teacher-details'))).toBe(false);
  });

  it('leads to the courses at risk of the signed-in role', async () => {
    setup(TEACHER);
    expect(await screen.findByRole('link', { name: 'Courses at risk' })).toHaveAttribute(
      'href',
      '/teacher/course-risk',
    );
    cleanup();
    setup(ADMIN);
    expect(await screen.findByRole('link', { name: 'Courses at risk' })).toHaveAttribute(
      'href',
      '/admin/course-risk',
    );
  });

  it("shows the server's reason when it refuses the report", async () => {
    setup(TEACHER, { refuse: 'You can see the attendance report of the groups you mentor only' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can see the attendance report of the groups you mentor only',
    );
  });
});

describe("the report's range on the campus's day", { timeout: 20_000 }, () => {
  // 23:30 on the campus in India is 03:00 the next day on a device set to Tokyo.
  let undoDevice = () => {};
  afterEach(() => undoDevice());

  it("ends the first range on the campus's today, not the device's", async () => {
    undoDevice = deviceAt('Asia/Tokyo', campusTime('23:30'));
    const { calls } = setup(TEACHER, { term: TERM });
    expect(
      await screen.findByRole('table', { name: 'Attendance of CSE-A from 5 Jan 2031 to 3 Feb 2031' }),
    ).toBeInTheDocument();
    expect(reportCalls(calls).at(-1)).toBe('group=CSE-A&from=2031-01-05&to=2031-02-03');
    expect(screen.getByLabelText('To')).toHaveValue('03/02/2031');
  });
});
