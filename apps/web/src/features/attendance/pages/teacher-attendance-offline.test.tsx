/**
 * The day roster without a signal (decision record 0087): marks wait on the device with the mark each
 * student had, "3 marks waiting to send" shows, they are sent once when the network returns, and a
 * mark made meanwhile by someone else is shown beside the teacher's for them to choose.
 */
import { act, configure, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, type AttendanceMark, type RosterStudent } from '@campus/contract';
import { renderScreen, stubApi, TEACHER, type Reply } from '../../../test/render';
import { localIsoDate } from '../../../lib/today';
import { setQueueStore } from '../../../pwa/mark-queue';
import { memoryStore, tokenOf } from '../../../test/mark-queue';
import { TeacherAttendancePage } from './teacher-attendance-page';

const roster: RosterStudent[] = [
  { _id: 'a', name: 'Asha Rao', RollNo: 230003, group: 'CSE-B' },
  { _id: 'b', name: 'Vikram Shah', RollNo: 230004, group: 'CSE-B' },
  { _id: 'c', name: 'Nila Das', RollNo: 230005, group: 'CSE-B' },
];

const token = tokenOf({ role: 'teacher', teacherId: 500001 });

let store: ReturnType<typeof memoryStore>;
let online = true;
beforeEach(() => {
  store = memoryStore();
  setQueueStore(store);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
});
afterEach(() => {
  setQueueStore(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
configure({ asyncUtilTimeout: 5000 });

function setup({
  marks = [],
  submit = () => [200, { message: 'Attendance marked successfully!', count: 1 }],
}: {
  marks?: AttendanceMark[];
  submit?: (body: unknown) => [number, unknown] | Promise<[number, unknown]>;
} = {}) {
  const posted: unknown[] = [];
  stubApi(async ({ method, path, body }): Promise<Reply> => {
    if (path === '/api/groups') return { status: 200, body: ['CSE-B'] };
    if (path === '/api/students') return { status: 200, body: roster };
    if (path === '/api/attendance-leave') return { status: 200, body: [] };
    if (path === '/api/attendance-marks') return { status: 200, body: marks };
    if (method === 'POST' && path === '/api/mark-attendance') {
      if (!online) throw new TypeError('Failed to fetch');
      posted.push(structuredClone(body));
      const [status, answer] = await submit(body);
      return { status, body: answer };
    }
    return { status: 404, body: { message: 'not found' } };
  });
  const { user } = renderScreen(<TeacherAttendancePage />, TEACHER, { search: '?group=CSE-B' });
  return { posted, user };
}

const rowOf = (name: string) => screen.getByRole('radiogroup', { name: new RegExp(`Attendance of ${name}`) });

async function markAndSubmit(user: UserEvent, marks: [string, 'Present' | 'Absent'][]) {
  await screen.findByRole('rowheader', { name: /^Asha Rao/ });
  for (const [name, status] of marks)
    await user.click(within(rowOf(name)).getByRole('radio', { name: status }));
  await user.click(screen.getByRole('button', { name: 'Submit Attendance' }));
}

describe('the day roster without a signal', () => {
  it('keeps the marks on the device, says how many wait, and sends them once when the network returns', async () => {
    const { posted, user } = setup({ marks: [{ studentId: 230004, status: 'Absent' }] });
    online = false;
    await markAndSubmit(user, [
      ['Asha Rao', 'Present'],
      ['Vikram Shah', 'Present'],
      ['Nila Das', 'Absent'],
    ]);
    expect(await screen.findByText('3 marks waiting to send')).toBeVisible();
    expect(posted).toEqual([]);
    // The roster shows the marks as the teacher left them.
    expect(within(rowOf('Nila Das')).getByRole('radio', { name: 'Absent' })).toBeChecked();

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(store.entries.size).toBe(0));
    expect(posted).toEqual([
      {
        date: localIsoDate(),
        attendanceRecords: [
          { studentId: 230003, status: 'Present', was: null },
          { studentId: 230004, status: 'Present', was: 'Absent' },
          { studentId: 230005, status: 'Absent', was: null },
        ],
      },
    ]);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(screen.queryByText('3 marks waiting to send')).toBeNull());
    expect(posted).toHaveLength(1);
  });

  it('keeps the marks on the device when the send never reaches the server', async () => {
    const { user } = setup({ submit: () => Promise.reject(new TypeError('Failed to fetch')) });
    await markAndSubmit(user, [['Nila Das', 'Present']]);
    expect(await screen.findByText('1 mark waiting to send')).toBeVisible();
    expect([...store.entries.values()][0]).toMatchObject({
      kind: 'day',
      group: 'CSE-B',
      records: [{ studentId: 230005, status: 'Present', was: null }],
    });
  });

  it('shows a mark made meanwhile beside the teacher’s, and sends theirs over only when chosen', async () => {
    let answers = 0;
    const { posted, user } = setup({
      submit: () =>
        answers++ === 0
          ? [
              409,
              {
                message: 'Marked meanwhile by someone else: 230003; nothing was marked',
                conflicts: [
                  { studentId: 230003, was: null, theirs: 'Absent', markedAt: null, yours: 'Present' },
                ],
              },
            ]
          : [200, { message: 'Attendance marked successfully!', count: 2 }],
    });
    online = false;
    await markAndSubmit(user, [
      ['Asha Rao', 'Present'],
      ['Vikram Shah', 'Present'],
    ]);
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));

    const conflict = await screen.findByRole('alert');
    expect(conflict).toHaveTextContent('Marked by someone else meanwhile');
    expect(conflict).toHaveTextContent('Asha Rao (230003): theirs Absent, yours Present');
    expect(store.entries.size).toBe(1);

    await user.click(within(conflict).getByRole('button', { name: 'Keep my marks' }));
    await vi.waitFor(() => expect(store.entries.size).toBe(0));
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({
      attendanceRecords: [
        { studentId: 230003, status: 'Present', was: 'Absent' },
        { studentId: 230004, status: 'Present', was: null },
      ],
    });
  });
});
