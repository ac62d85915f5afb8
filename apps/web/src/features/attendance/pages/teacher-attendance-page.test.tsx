import { configure, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSearchParams } from 'react-router';
import {
  PATHS,
  type AttendanceMark,
  type OnLeaveStudent,
  type RosterStudent,
  type TermSettings,
} from '@campus/contract';
import { renderScreen, stubApi, TEACHER, type Reply } from '../../../test/render';
import { localIsoDate } from '../../../lib/today';
import type * as RosterRowModule from '../components/roster-row';
import { TeacherAttendancePage } from './teacher-attendance-page';
import { formatDay, formatDayInput } from '../../../lib/format';
import { campusTime, DAY, deviceAt, NEXT_DAY, TERM } from '../../timetable/test/data';

/** How often each row (by roll number) rendered: the real row, counted. */
const renders = vi.hoisted(() => new Map<number, number>());
vi.mock('../components/roster-row', async (importOriginal) => {
  const { memo } = await import('react');
  const { RosterRow } = await importOriginal<typeof RosterRowModule>();
  type Props = Parameters<typeof RosterRow>[0];
  // memo's own component, wrapped in a memo of the same comparison that counts what gets through.
  const render = (RosterRow as unknown as { type: (props: Props) => ReturnType<typeof RosterRow> }).type;
  return {
    RosterRow: memo((props: Props) => {
      renders.set(props.student.RollNo, (renders.get(props.student.RollNo) ?? 0) + 1);
      return render(props);
    }),
  };
});

const roster: RosterStudent[] = [
  { _id: 'a', name: 'Asha Rao', RollNo: 230003, group: 'CSE-B' },
  { _id: 'b', name: 'Vikram Shah', RollNo: 230004, group: 'CSE-B' },
  { _id: 'c', name: 'Nila Das', RollNo: 230005, group: 'CSE-B' },
];

interface Setup {
  students?: RosterStudent[];
  /** How many roster loads fail before one succeeds. */
  rosterFailures?: number;
  marks?: AttendanceMark[];
  /** The marks of other days, by date. */
  marksOn?: Record<string, AttendanceMark[]>;
  /** The groups the signed-in teacher mentors; none known when absent (their details fail to load). */
  mentors?: string[];
  submit?: (body: unknown) => [number, unknown] | Promise<[number, unknown]>;
  /** The students On leave on the day. */
  onLeave?: OnLeaveStudent[];
  /** The address's query string, as a reload or a shared link gives it. */
  address?: string;
  /** The term settings, with the campus's time zone; unknown (404) when absent. */
  term?: TermSettings;
}

function setup({
  students = roster,
  rosterFailures = 0,
  marks = [],
  marksOn = {},
  mentors,
  submit = () => [200, { message: 'ok', count: 1 }],
  onLeave = [],
  address = '',
  term,
}: Setup = {}) {
  const posted: unknown[] = [];
  const requested: string[] = [];
  // Like the server, a successful submit changes what /api/attendance-marks answers.
  const saved = new Map(marks.map((m) => [m.studentId, m.status]));
  stubApi(async ({ method, path, search, body }): Promise<Reply> => {
    const url = search.size ? `${path}?${search.toString()}` : path;
    requested.push(url);
    if (url === '/api/groups') return { status: 200, body: ['CSE-A', 'CSE-B'] };
    if (url === '/api/timetable-settings' && term) return { status: 200, body: term };
    if (url === '/api/teacher-details/500001' && mentors) {
      return { status: 200, body: { name: 'Meera Iyer', teacherId: 500001, groups: mentors } };
    }
    if (url.startsWith('/api/students?')) {
      if (rosterFailures-- > 0) return { status: 500, body: { message: 'down' } };
      return { status: 200, body: students };
    }
    if (url.startsWith('/api/attendance-leave?')) return { status: 200, body: onLeave };
    if (url.startsWith('/api/attendance-marks?')) {
      const other = marksOn[search.get('date') ?? ''];
      if (other) return { status: 200, body: other };
      return { status: 200, body: [...saved].map(([studentId, status]) => ({ studentId, status })) };
    }
    if (method === 'POST' && url === '/api/mark-attendance') {
      posted.push(body);
      const [status, answer] = await submit(body);
      if (status === 200) {
        for (const record of (body as { attendanceRecords: AttendanceMark[] }).attendanceRecords) {
          saved.set(record.studentId, record.status);
        }
      }
      return { status, body: answer };
    }
    return { status: 404, body: { message: 'not found' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  const { user } = renderScreen(<TeacherAttendancePage />, TEACHER, {
    search: address,
    routes: { [PATHS.teacher.attendanceReport]: <ReportStub /> },
  });
  return { posted, requested, user };
}

/** Where a toast's View leads: the report's group and range, as the address gives them. */
function ReportStub() {
  const [params] = useSearchParams();
  return (
    <>
      <p>Report of {params.get('group')}</p>
      <p data-testid="report-range">
        {params.get('from')} to {params.get('to')}
      </p>
    </>
  );
}

async function openGroup(user: UserEvent, group = 'CSE-B') {
  const select = await screen.findByRole('combobox', { name: 'Group' });
  await vi.waitFor(() => expect(select).toBeEnabled(), { timeout: 5000 });
  await user.click(select);
  // The shared test providers keep Mantine's dropdown transition, which jsdom never finishes.
  await user.click(await screen.findByRole('option', { name: group, hidden: true }));
}

/** The names of the students listed, in order. */
const shownNames = () => screen.getAllByRole('rowheader').map((cell) => cell.firstChild?.textContent);

const groupOf = (name: string) =>
  screen.getByRole('radiogroup', { name: new RegExp(`Attendance of ${name}`) });

// Generous waits: Mantine screens render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('Mark Attendance', { timeout: 20_000 }, () => {
  it('pre-marks a student On leave, locks them, and marks them only after an explicit override', async () => {
    const { user, posted } = setup({ onLeave: [{ studentId: 230004, source: 'leave' }] });
    await openGroup(user);
    const row = await screen.findByRole('rowheader', { name: /^Vikram Shah/ });
    expect(row).toHaveTextContent('On leave: approved leave');
    expect(within(groupOf('Vikram Shah')).queryByRole('radio')).not.toBeInTheDocument();
    expect(groupOf('Vikram Shah')).toHaveTextContent('On leave');
    expect(screen.getByText('Present 0 · Absent 0 · On leave 1 · Not marked 2')).toBeInTheDocument();
    // Mark all present leaves them On leave.
    await user.click(screen.getByRole('button', { name: 'Mark all present' }));
    expect(screen.getByText('Present 2 · Absent 0 · On leave 1 · Not marked 0')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Override the leave of Vikram Shah/ }));
    await user.click(within(groupOf('Vikram Shah')).getByRole('radio', { name: 'Present' }));
    await user.click(screen.getByRole('button', { name: 'Submit Attendance' }));
    await screen.findByText('Attendance marked successfully!');
    expect(posted).toEqual([
      {
        date: localIsoDate(),
        attendanceRecords: [
          { studentId: 230003, status: 'Present' },
          { studentId: 230005, status: 'Present' },
          { studentId: 230004, status: 'Present', overrideLeave: true },
        ],
      },
    ]);
  });

  it('says who the server kept On leave, and why, when their leave came after the roster opened', async () => {
    const { user } = setup({
      submit: () => [
        200,
        {
          message: 'Attendance marked successfully!',
          count: 3,
          keptOnLeave: [{ studentId: 230004, source: 'gatepass' }],
        },
      ],
    });
    await openGroup(user);
    await screen.findByRole('rowheader', { name: /^Vikram Shah/ });
    await user.click(screen.getByRole('button', { name: 'Mark all present' }));
    await user.click(screen.getByRole('button', { name: 'Submit Attendance' }));
    await screen.findByText('Attendance marked successfully!');
    expect(
      await screen.findByText(/Kept On leave: Vikram Shah \(230004\), out on a gate pass\./),
    ).toBeInTheDocument();
  });

  it("opens on today's local date and lists the chosen group's students with their roll numbers", async () => {
    const { user, requested } = setup();
    expect(screen.getByLabelText('Date')).toHaveValue(formatDayInput(localIsoDate()));
    await openGroup(user);
    expect(await screen.findByRole('rowheader', { name: /^Asha Rao/ })).toHaveTextContent('Roll No 230003');
    expect(groupOf('Vikram Shah')).toHaveAccessibleName('Attendance of Vikram Shah (230004)');
    expect(requested).toContain('/api/students?group=CSE-B&limit=500');
    expect(requested).toContain(`/api/attendance-marks?group=CSE-B&date=${localIsoDate()}&limit=500`);
    expect(screen.getByText('Present 0 · Absent 0 · Not marked 3')).toBeInTheDocument();
  });

  it('says a roster failed to load instead of calling the group empty, and loads it on retry', async () => {
    const { user } = setup({ rosterFailures: 1 });
    await openGroup(user);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Could not fetch attendance data.');
    expect(screen.queryByText('No students in this group.')).not.toBeInTheDocument();
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: /^Asha Rao/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends only the students that were toggled, with their last choice and the date', async () => {
    let release: (answer: [number, unknown]) => void = () => undefined;
    const { user, posted } = setup({
      submit: () => new Promise<[number, unknown]>((resolve) => (release = resolve)),
    });
    await openGroup(user);
    const submit = await screen.findByRole('button', { name: 'Submit Attendance' });
    expect(submit).toBeDisabled();

    await user.click(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Present' }));
    await user.click(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Absent' }));
    await user.click(within(groupOf('Nila Das')).getByRole('radio', { name: 'Present' }));
    expect(screen.getByText('Present 1 · Absent 1 · Not marked 1')).toBeInTheDocument();
    await user.click(submit);

    const pending = await screen.findByRole('button', { name: 'Submitting...' });
    expect(pending).toBeDisabled();
    expect(posted).toEqual([
      {
        date: localIsoDate(),
        attendanceRecords: [
          { studentId: 230003, status: 'Absent' },
          { studentId: 230005, status: 'Present' },
        ],
      },
    ]);

    release([200, { message: 'Attendance marked successfully!', count: 2 }]);
    // SPEC §8's words in a green toast, with the group, the day and the counts, and a link to see them.
    const toast = (await screen.findByText('Attendance marked successfully!')).closest('[role]')!;
    expect(toast).toHaveAttribute('role', 'status');
    expect(toast.getAttribute('style')).toContain('--mantine-color-teal');
    expect(toast).toHaveTextContent(`CSE-B, ${formatDay(localIsoDate())}: Present 1 · Absent 1.`);
    expect(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Attendance' })).toBeDisabled();

    await user.click(within(toast as HTMLElement).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Report of CSE-B')).toBeInTheDocument();
    expect(screen.getByTestId('report-range')).toHaveTextContent(`${localIsoDate()} to ${localIsoDate()}`);
  });

  it('shows the failure in red and keeps the marks for another try', async () => {
    const { user, posted } = setup({ submit: () => [400, { message: 'date cannot be in the future' }] });
    await openGroup(user);
    await user.click(
      within(await screen.findByRole('radiogroup', { name: /Vikram Shah/ })).getByLabelText('Absent'),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Attendance' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error submitting attendance');
    expect(alert.getAttribute('style')).toContain('--mantine-color-red');
    expect(alert).toHaveTextContent(
      `Could not mark the attendance of CSE-B for ${formatDay(localIsoDate())}. date cannot be in the future`,
    );
    expect(screen.queryByText('Attendance marked successfully!')).not.toBeInTheDocument();
    expect(within(groupOf('Vikram Shah')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Attendance' })).toBeEnabled();
    expect(posted).toHaveLength(1);
  });

  it("prefills the day's existing marks and sends only what changes", async () => {
    const { user, posted } = setup({
      marks: [
        { studentId: 230003, status: 'Absent' },
        { studentId: 230004, status: 'Present' },
      ],
    });
    await openGroup(user);
    await screen.findByRole('rowheader', { name: /^Asha Rao/ });
    expect(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(within(groupOf('Vikram Shah')).getByRole('radio', { name: 'Present' })).toBeChecked();
    expect(within(groupOf('Nila Das')).getByRole('radio', { name: 'Present' })).not.toBeChecked();
    expect(within(groupOf('Nila Das')).getByRole('radio', { name: 'Absent' })).not.toBeChecked();

    await user.click(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Present' }));
    await user.click(screen.getByRole('button', { name: 'Submit Attendance' }));
    await screen.findByText('Attendance marked successfully!');
    expect(posted).toEqual([
      { date: localIsoDate(), attendanceRecords: [{ studentId: 230003, status: 'Present' }] },
    ]);
  });

  it("does not ask to mark a student when every student already has today's mark", async () => {
    const { user } = setup({
      marks: roster.map((s) => ({ studentId: s.RollNo, status: 'Present' as const })),
    });
    await openGroup(user);
    expect(
      await screen.findByText(
        "Today's attendance is already recorded. Change a student's status to update it.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Mark at least one student/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Attendance' })).toBeDisabled();

    await user.click(within(groupOf('Nila Das')).getByRole('radio', { name: 'Absent' }));
    expect(screen.queryByText(/attendance is already recorded/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Attendance' })).toBeEnabled();
  });

  it('says how much of today is recorded when only some students have a mark', async () => {
    const { user } = setup({ marks: [{ studentId: 230004, status: 'Absent' }] });
    await openGroup(user);
    expect(
      await screen.findByText(
        "Today's attendance is recorded for 1 of 3 students. Mark or change a status to submit.",
      ),
    ).toBeInTheDocument();
  });

  it('asks to mark a student when none has a mark yet', async () => {
    const { user } = setup();
    await openGroup(user);
    expect(await screen.findByText('Mark at least one student to submit.')).toBeInTheDocument();
  });

  it('Mark all present marks every student of the group', async () => {
    const { user, posted } = setup();
    await openGroup(user);
    await user.click(await screen.findByRole('button', { name: 'Mark all present' }));
    expect(screen.getByText('Present 3 · Absent 0 · Not marked 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Attendance' }));
    await screen.findByText('Attendance marked successfully!');
    expect(posted).toEqual([
      {
        date: localIsoDate(),
        attendanceRecords: roster.map((s) => ({ studentId: s.RollNo, status: 'Present' })),
      },
    ]);
  });

  it('says so when the group has no students', async () => {
    const { user } = setup({ students: [] });
    await openGroup(user, 'CSE-A');
    expect(await screen.findByText('No students in this group.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Attendance' })).not.toBeInTheDocument();
  });

  it('opens on the first group the teacher mentors, and another group can still be chosen', async () => {
    const { user, requested } = setup({ mentors: ['CSE-B', 'CSE-A'] });
    expect(await screen.findByRole('rowheader', { name: /^Asha Rao/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('CSE-B');
    expect(requested).toContain('/api/students?group=CSE-B&limit=500');
    expect(screen.queryByText('Choose a group to list its students.')).not.toBeInTheDocument();
    await openGroup(user, 'CSE-A');
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('CSE-A');
    await vi.waitFor(() => expect(requested).toContain('/api/students?group=CSE-A&limit=500'));
  });

  it('asks for a group when the teacher mentors none', async () => {
    setup({ mentors: [] });
    expect(await screen.findByText('Choose a group to list its students.')).toBeInTheDocument();
  });

  it('a tap renders the row it changes and no other', async () => {
    const { user } = setup();
    await openGroup(user);
    await screen.findByRole('rowheader', { name: /^Asha Rao/ });
    renders.clear();
    await user.click(within(groupOf('Vikram Shah')).getByRole('radio', { name: 'Absent' }));
    expect(screen.getByText('Present 0 · Absent 1 · Not marked 2')).toBeInTheDocument();
    expect([...renders]).toEqual([[230004, 1]]);
  });

  it('shows only the absentees, and finds a student by name or roll number', async () => {
    const { user } = setup({ marks: [{ studentId: 230004, status: 'Absent' }] });
    await openGroup(user);
    await screen.findByRole('rowheader', { name: /^Asha Rao/ });
    await user.click(within(groupOf('Nila Das')).getByRole('radio', { name: 'Absent' }));
    await user.click(screen.getByRole('radio', { name: 'Absentees' }));
    expect(shownNames()).toEqual(['Vikram Shah', 'Nila Das']);
    await user.click(screen.getByRole('radio', { name: 'Not marked' }));
    expect(shownNames()).toEqual(['Asha Rao']);

    await user.click(screen.getByRole('radio', { name: 'All' }));
    const search = screen.getByRole('searchbox', { name: 'Search by name or roll number' });
    await user.type(search, 'VIKRAM');
    await vi.waitFor(() => expect(shownNames()).toEqual(['Vikram Shah']));
    await user.clear(search);
    await user.type(search, '230005');
    await vi.waitFor(() => expect(shownNames()).toEqual(['Nila Das']));
    await user.type(search, '9');
    expect(await screen.findByText('No students found.')).toBeInTheDocument();
    expect(screen.getByText('Present 0 · Absent 2 · Not marked 1')).toBeInTheDocument();
  });

  it('opens on the group, whom to show and the search its address names, as a reload gives them', async () => {
    setup({
      marks: [
        { studentId: 230004, status: 'Absent' },
        { studentId: 230005, status: 'Absent' },
      ],
      address: '?group=CSE-B&show=absent&q=nila',
    });
    await vi.waitFor(() => expect(shownNames()).toEqual(['Nila Das']));
    expect(screen.getByRole('radio', { name: 'Absentees' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search by name or roll number' })).toHaveValue('nila');
  });

  it('opens a past day with its marks for correction and submits the change for that day', async () => {
    const day = '2025-03-14';
    const { user, requested, posted } = setup({
      marksOn: {
        [day]: [
          { studentId: 230003, status: 'Absent' },
          { studentId: 230004, status: 'Present' },
          { studentId: 230005, status: 'Present' },
        ],
      },
    });
    await openGroup(user);
    await screen.findByRole('rowheader', { name: /^Asha Rao/ });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: day } });
    expect(
      await screen.findByText(
        "The attendance of 14 Mar 2025 is already recorded. Change a student's status to update it.",
      ),
    ).toBeInTheDocument();
    expect(requested).toContain(`/api/attendance-marks?group=CSE-B&date=${day}&limit=500`);
    expect(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(screen.getByText('Present 2 · Absent 1 · Not marked 0')).toBeInTheDocument();

    await user.click(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Present' }));
    expect(screen.getByRole('rowheader', { name: /^Asha Rao/ })).toHaveTextContent('was Absent');
    expect(
      screen.getByText('Changes to marks already recorded are saved as corrections.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Attendance' }));
    await screen.findByText('Attendance marked successfully!');
    expect(posted).toEqual([{ date: day, attendanceRecords: [{ studentId: 230003, status: 'Present' }] }]);
  });

  it('refuses a future date typed in on the field, and loads nothing for it', async () => {
    const { user, requested } = setup();
    await openGroup(user);
    await screen.findByRole('rowheader', { name: /^Asha Rao/ });
    const date = screen.getByLabelText('Date');
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    expect(await screen.findByText('Attendance cannot be marked for a future date.')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /^Asha Rao/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Attendance' })).not.toBeInTheDocument();
    expect(requested.filter((url) => url.includes('2999-01-01'))).toEqual([]);
  });

  it('marks by keyboard: P and A mark a student and move to the next, J, K and the arrows move', async () => {
    const { user } = setup();
    await openGroup(user);
    within(await screen.findByRole('radiogroup', { name: /Asha Rao/ }))
      .getByRole('radio', { name: 'Present' })
      .focus();
    await user.keyboard('a');
    expect(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(within(groupOf('Vikram Shah')).getByRole('radio', { name: 'Present' })).toHaveFocus();
    await user.keyboard('P');
    expect(within(groupOf('Vikram Shah')).getByRole('radio', { name: 'Present' })).toBeChecked();
    expect(within(groupOf('Nila Das')).getByRole('radio', { name: 'Present' })).toHaveFocus();
    await user.keyboard('k');
    expect(within(groupOf('Vikram Shah')).getByRole('radio', { name: 'Present' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(groupOf('Asha Rao')).getByRole('radio', { name: 'Absent' })).toHaveFocus();
    await user.keyboard('{ArrowDown}j');
    expect(within(groupOf('Nila Das')).getByRole('radio', { name: 'Present' })).toHaveFocus();
    expect(screen.getByText('Present 1 · Absent 1 · Not marked 1')).toBeInTheDocument();
  });
});

describe("Mark Attendance on the campus's day", { timeout: 20_000 }, () => {
  // 23:30 on the campus in India is 03:00 the next day on a device set to Tokyo.
  let undoDevice = () => {};
  afterEach(() => undoDevice());

  it("opens on the campus's today, not the device's, and asks for that day's marks", async () => {
    undoDevice = deviceAt('Asia/Tokyo', campusTime('23:30'));
    const { requested } = setup({ mentors: ['CSE-B'], term: TERM });
    await vi.waitFor(() =>
      expect(requested).toContain(`/api/attendance-marks?group=CSE-B&date=${DAY}&limit=500`),
    );
    expect(screen.getByLabelText('Date')).toHaveValue(formatDayInput(DAY));
    expect(await screen.findByRole('rowheader', { name: /^Asha Rao/ })).toBeInTheDocument();
  });

  it("calls the device's day a future date, as the server does, while the campus's is still today", async () => {
    undoDevice = deviceAt('Asia/Tokyo', campusTime('23:30'));
    setup({ mentors: ['CSE-B'], term: TERM, address: `?group=CSE-B&date=${NEXT_DAY}` });
    expect(await screen.findByText('Attendance cannot be marked for a future date.')).toBeInTheDocument();
  });
});
