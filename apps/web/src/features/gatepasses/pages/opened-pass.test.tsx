import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STUDENT, TEACHER, renderScreen, stubApi } from '../../../test/render';
import { STUDENT_DETAILS, gatePass } from '../test/data';
import { StudentGatepassPage } from './student-gatepass-page';
import { TeacherGatepassPage } from './teacher-gatepass-page';

afterEach(() => vi.unstubAllGlobals());

const closed = gatePass({
  approvedStatus: 'rejected',
  date: '2030-05-01',
  time: '14:30',
  closedAt: '2030-05-02T00:10:00.000Z',
});
const pending = gatePass({ name: 'Ravi Kumar', rollNo: 230003, date: '2030-06-01' });

describe('a gate pass opened from its notification', { timeout: 15_000 }, () => {
  it('shows the student that one pass first, closed when its day passed undecided, and the whole list on request', async () => {
    const calls = stubApi((call) => {
      if (call.path === `/api/gatepass/${closed._id}`) return { status: 200, body: closed };
      if (call.path.startsWith('/api/gatepasses/')) return { status: 200, body: [] };
      return { status: 200, body: STUDENT_DETAILS };
    });
    const { user } = renderScreen(<StudentGatepassPage />, STUDENT, { search: `?pass=${closed._id}` });
    const opened = await screen.findByRole('region', { name: 'The gate pass you were told of' });
    const card = await within(opened).findByRole('article', { name: /^Gate pass for 1 May 2030/ });
    expect(within(card).getByText('closed')).toBeVisible();
    expect(within(card).getByText(/^Not decided before its day passed\./)).toBeVisible();
    await vi.waitFor(() => expect(opened).toHaveFocus());
    expect(calls.some((c) => c.path === `/api/gatepass/${closed._id}`)).toBe(true);

    await user.click(within(opened).getByRole('button', { name: 'Show the whole list' }));
    expect(screen.queryByRole('region', { name: 'The gate pass you were told of' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Apply for Gate Pass' })).toBeVisible();
  });

  it('lets a teacher decide the pending pass a request notification opened, with time to undo', async () => {
    stubApi((call) => {
      if (call.path === '/api/teacher-details/500001') {
        return { status: 200, body: { name: 'Meera Iyer', teacherId: 500001, groups: ['CSE-A'] } };
      }
      if (call.path === `/api/gatepass/${pending._id}`) return { status: 200, body: pending };
      return { status: 200, body: [] };
    });
    const { user } = renderScreen(<TeacherGatepassPage />, TEACHER, { search: `?pass=${pending._id}` });
    const opened = await screen.findByRole('region', { name: 'The gate pass you were told of' });
    const row = await within(opened).findByRole('row', { name: 'Ravi Kumar (230003)' });
    expect(within(row).queryByRole('checkbox')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(within(row).getByText('Approved')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await within(row).findByRole('button', { name: 'Approve' })).toBeVisible();
  });

  it('says so when the pass is no longer there', async () => {
    stubApi((call) =>
      call.path.startsWith('/api/gatepass/')
        ? { status: 404, body: { message: 'Gate pass not found' } }
        : call.path.startsWith('/api/gatepasses/')
          ? { status: 200, body: [] }
          : { status: 200, body: STUDENT_DETAILS },
    );
    renderScreen(<StudentGatepassPage />, STUDENT, { search: `?pass=${closed._id}` });
    expect(
      await screen.findByText('This gate pass is no longer there: it may have been withdrawn.'),
    ).toBeVisible();
  });
});
