import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Navigate } from 'react-router';
import type { LectureRoster } from '@campus/contract';
import { renderScreen, stubApi, TEACHER, type Reply } from '../../../test/render';
import { campusTime, DAY, ROSTER, TERM } from '../test/data';
import { LectureRosterPage } from './lecture-roster-page';

configure({ asyncUtilTimeout: 5000 });

const ANSWER = { message: 'Attendance marked successfully!', saved: 4, keptOnLeave: [] };

interface Setup {
  roster?: LectureRoster;
  /** The server's answer to the roster's read (a refusal, say) instead of the roster. */
  read?: Reply;
  /** The server's answer to a submit. */
  answer?: Reply;
  /** The campus's clock on the lecture's day. */
  time?: string;
}

function setup({
  roster = ROSTER,
  read,
  answer = { status: 200, body: ANSWER },
  time = '09:20',
}: Setup = {}) {
  vi.setSystemTime(campusTime(time));
  const posted: { path: string; body: unknown }[] = [];
  stubApi(({ method, path, body }) => {
    if (path === '/api/timetable-settings') return { status: 200, body: TERM };
    if (method === 'GET' && path === `/api/lectures/p1/${DAY}`) return read ?? { status: 200, body: roster };
    if (method === 'POST' && path === `/api/lectures/p1/${DAY}/marks`) {
      posted.push({ path, body });
      return answer;
    }
    return { status: 404, body: { message: 'not found' } };
  });
  const view = renderScreen(<Navigate to={`/teacher/lectures/p1/${DAY}`} replace />, TEACHER, {
    routes: { '/teacher/lectures/:periodId/:date': <LectureRosterPage /> },
  });
  return { ...view, posted };
}

const choicesOf = (name: string) =>
  screen.getByRole('radiogroup', { name: new RegExp(`^Attendance of ${name}`) });
const submit = () => screen.getByRole('button', { name: 'Submit Attendance' });

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a lecture's roster", { timeout: 20_000 }, () => {
  it('sends Present, Absent and Late with its minutes, and keeps students away On leave', async () => {
    const { user, posted } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'DBMS (CS301)' })).toBeVisible();
    expect(screen.getByText(/CSE-A · Monday, 3 Feb 2031 · 9:00 am – 10:00 am · Room LH-101/)).toBeVisible();
    // Away students: On leave, why, and no choice until overridden.
    expect(screen.getByRole('rowheader', { name: /^Dev Shah/ })).toHaveTextContent(
      'On leave — out on a gate pass',
    );
    expect(screen.getByRole('rowheader', { name: /^Vikram Iyer/ })).toHaveTextContent(
      'On leave — approved leave',
    );
    expect(within(choicesOf('Dev Shah')).queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('Present 0 · Absent 0 · On leave 2 · Not marked 2')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Mark all present' }));
    await user.click(within(choicesOf('Nila Das')).getByRole('radio', { name: 'Late' }));
    const minutes = screen.getByRole('textbox', { name: 'Minutes late for Nila Das (230003)' });
    await user.type(minutes, '12');
    expect(screen.getByText('Present 1 · Absent 0 · Late 1 · On leave 2 · Not marked 0')).toBeVisible();
    await user.click(submit());

    expect(await screen.findByText('Attendance marked successfully!')).toBeVisible();
    expect(posted).toEqual([
      {
        path: `/api/lectures/p1/${DAY}/marks`,
        body: {
          records: [
            { studentId: 230001, status: 'Present' },
            { studentId: 230002, status: 'On leave' },
            { studentId: 230003, status: 'Late', lateMinutes: 12 },
            { studentId: 230004, status: 'On leave' },
          ],
        },
      },
    ]);
  });

  it('marks a student away only after an explicit override, and says so in what it sends', async () => {
    const { user, posted } = setup();
    await user.click(await screen.findByRole('button', { name: /Override the leave of Dev Shah/ }));
    expect(screen.getByRole('rowheader', { name: /^Dev Shah/ })).toHaveTextContent(
      'Override — out on a gate pass',
    );
    await user.click(within(choicesOf('Dev Shah')).getByRole('radio', { name: 'Absent' }));
    await user.click(submit());
    await screen.findByText('Attendance marked successfully!');
    expect(posted[0]?.body).toEqual({
      records: [
        { studentId: 230002, status: 'Absent', overrideLeave: true },
        { studentId: 230004, status: 'On leave' },
      ],
    });
  });

  it('names the students the server kept On leave, and why', async () => {
    const { user } = setup({
      answer: {
        status: 200,
        body: {
          ...ANSWER,
          keptOnLeave: [{ studentId: 230003, source: 'gatepass', reason: 'out on a gate pass' }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark all present' }));
    await user.click(submit());
    expect(await screen.findByText(/Kept On leave: Nila Das \(230003\), out on a gate pass\./)).toBeVisible();
  });

  it('marks Late by keyboard and refuses minutes the rule does not allow, sending nothing', async () => {
    const { user, posted } = setup();
    within(await screen.findByRole('radiogroup', { name: /^Attendance of Asha Rao/ }))
      .getByRole('radio', { name: 'Present' })
      .focus();
    await user.keyboard('l');
    expect(within(choicesOf('Asha Rao')).getByRole('radio', { name: 'Late' })).toBeChecked();
    await user.tab();
    const minutes = screen.getByRole('textbox', { name: 'Minutes late for Asha Rao (230001)' });
    expect(minutes).toHaveFocus();
    await user.keyboard('0');
    await user.click(submit());
    expect(minutes).toHaveAccessibleDescription('Minutes late must be at least 1');
    expect(minutes).toHaveFocus();
    expect(posted).toEqual([]);
    await user.clear(minutes);
    await user.keyboard('5');
    expect(screen.queryByText('Minutes late must be at least 1')).not.toBeInTheDocument();
    await user.click(submit());
    await screen.findByText('Attendance marked successfully!');
    expect(posted[0]?.body).toEqual({
      records: [
        { studentId: 230001, status: 'Late', lateMinutes: 5 },
        { studentId: 230002, status: 'On leave' },
        { studentId: 230004, status: 'On leave' },
      ],
    });
  });

  it("shows the server's refusal and keeps the marks on screen", async () => {
    const refusal = 'Only the teacher of this lecture, the mentors of CSE-A and admins may mark it';
    const { user } = setup({ answer: { status: 403, body: { message: refusal } } });
    await user.click(await screen.findByRole('button', { name: 'Mark all present' }));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(within(choicesOf('Asha Rao')).getByRole('radio', { name: 'Present' })).toBeChecked();
  });

  it('waits for a lecture that has not begun, by the campus’s clock', async () => {
    const { user } = setup({ time: '08:40' });
    await user.click(await screen.findByRole('button', { name: 'Mark all present' }));
    expect(
      await screen.findByText('This lecture begins at 9:00 am. Mark it once it has begun.'),
    ).toBeVisible();
    expect(submit()).toBeDisabled();
  });

  it('shows the saved marks, a Late one with its minutes, which a slip to Present does not lose', async () => {
    const marked: LectureRoster = {
      lecture: { ...ROSTER.lecture, marked: true },
      students: ROSTER.students.map((s) =>
        s.RollNo === 230003
          ? { ...s, status: 'Late', lateMinutes: 10 }
          : { ...s, status: s.away ? 'On leave' : 'Present' },
      ),
    };
    const { user } = setup({ roster: marked });
    expect(await screen.findByText('Marked')).toBeVisible();
    expect(within(choicesOf('Nila Das')).getByRole('radio', { name: 'Late' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Minutes late for Nila Das (230003)' })).toHaveValue('10');
    // A slip to Present and back to Late keeps the minutes.
    await user.click(within(choicesOf('Nila Das')).getByRole('radio', { name: 'Present' }));
    expect(screen.getByRole('rowheader', { name: /^Nila Das/ })).toHaveTextContent('was Late');
    await user.click(within(choicesOf('Nila Das')).getByRole('radio', { name: 'Late' }));
    expect(screen.getByRole('textbox', { name: 'Minutes late for Nila Das (230003)' })).toHaveValue('10');
    expect(
      screen.getByText("This lecture's marks are saved. Change a student's status to correct them."),
    ).toBeVisible();
  });

  it('says why the server refuses to open a lecture', async () => {
    setup({ read: { status: 400, body: { message: 'date: 2031-02-03 is a holiday (Founders Day)' } } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This lecture cannot be opened');
    expect(alert).toHaveTextContent('date: 2031-02-03 is a holiday (Founders Day)');
  });
});
