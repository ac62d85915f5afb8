import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type GatePass, type GatePassStatus } from '@campus/contract';
import { TEACHER, deferred, renderScreen, stubApi, type Reply } from '../../../test/render';
import { gatePass } from '../test/data';
import { TeacherGatepassPage } from './teacher-gatepass-page';

afterEach(() => vi.unstubAllGlobals());

function fakeServer(lists: Record<GatePassStatus, GatePass[]>) {
  return (path: string): Reply => {
    const status = path.split('/').pop() as GatePassStatus;
    return { status: 200, body: lists[status] };
  };
}

// Mantine's test mode keeps every tab panel mounted, so an empty list is looked for in the one on show.
// Mantine in jsdom is slow when the whole suite runs in parallel on a small machine.
describe('TeacherGatepassPage', { timeout: 15_000 }, () => {
  it('says when there are no gate passes', async () => {
    stubApi(() => ({ status: 200, body: [] }));
    renderScreen(<TeacherGatepassPage />, TEACHER);
    expect(await within(screen.getByRole('tabpanel')).findByText(MESSAGES.gatePass.none)).toBeVisible();
  });

  it('moves an approved pass out of the requests at once and into Approved', async () => {
    const pass = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    const lists: Record<GatePassStatus, GatePass[]> = { pending: [pass], approved: [], rejected: [] };
    const answer = deferred<Reply>();
    const calls = stubApi((call) => (call.method === 'PUT' ? answer.promise : fakeServer(lists)(call.path)));
    renderScreen(<TeacherGatepassPage />, TEACHER);
    const card = await screen.findByRole('article', { name: 'Ravi Kumar (230003)' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await within(screen.getByRole('tabpanel')).findByText(MESSAGES.gatePass.none)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      gatepassId: pass._id,
      approvedStatus: 'approved',
    });
    const decided = { ...pass, approvedStatus: 'approved' as const, decidedBy: 'Meera Iyer' };
    lists.pending = [];
    lists.approved = [decided];
    answer.resolve({ status: 200, body: decided });

    await user.click(screen.getByRole('tab', { name: 'Approved Gate Passes' }));
    const approved = await screen.findByRole('article', { name: 'Ravi Kumar (230003)' });
    expect(within(approved).getByText('approved')).toBeVisible();
    expect(await within(approved).findByText('Meera Iyer')).toBeVisible();
    expect(within(approved).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it("puts the pass back and shows 'Error: ' with the server's message when refused", async () => {
    const pass = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    stubApi((call) =>
      call.method === 'PUT'
        ? { status: 409, body: { message: 'This gate pass has already been rejected' } }
        : fakeServer({ pending: [pass], approved: [], rejected: [] })(call.path),
    );
    renderScreen(<TeacherGatepassPage />, TEACHER);
    const card = await screen.findByRole('article', { name: 'Ravi Kumar (230003)' });
    await userEvent.setup({ delay: null }).click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: This gate pass has already been rejected',
    );
    expect(await screen.findByRole('article', { name: 'Ravi Kumar (230003)' })).toBeVisible();
  });

  it('shows the generic failure when the server cannot be reached', async () => {
    const pass = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    stubApi((call) => {
      if (call.method === 'PUT') throw new TypeError('Failed to fetch');
      return fakeServer({ pending: [pass], approved: [], rejected: [] })(call.path);
    });
    renderScreen(<TeacherGatepassPage />, TEACHER);
    const card = await screen.findByRole('article', { name: 'Ravi Kumar (230003)' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the gate pass of Ravi Kumar' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject gate pass' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.gatePass.updateFailed);
  });

  it('asks why a pass is rejected, sends the reason, and sends none when it is left empty', async () => {
    const ravi = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    const nila = gatePass({ name: 'Nila Das', rollNo: 230005 });
    const calls = stubApi((call) =>
      call.method === 'PUT'
        ? { status: 200, body: { ...ravi, approvedStatus: 'rejected' } }
        : fakeServer({ pending: [ravi, nila], approved: [], rejected: [] })(call.path),
    );
    renderScreen(<TeacherGatepassPage />, TEACHER);
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Ravi Kumar (230003)' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the gate pass of Ravi Kumar' });
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), '  Exams that day ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject gate pass' }));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { gatepassId: ravi._id, approvedStatus: 'rejected', rejectReason: 'Exams that day' },
    ]);

    await user.click(
      within(await screen.findByRole('article', { name: 'Nila Das (230005)' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    const second = await screen.findByRole('dialog', { name: 'Reject the gate pass of Nila Das' });
    expect(within(second).getByLabelText(/Reason/)).toHaveValue('');
    await user.click(within(second).getByRole('button', { name: 'Reject gate pass' }));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)[1]).toEqual({
      gatepassId: nila._id,
      approvedStatus: 'rejected',
    });
  });
});
