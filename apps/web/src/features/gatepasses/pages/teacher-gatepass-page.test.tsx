import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type GatePass, type GatePassStatus, type TermSettings } from '@campus/contract';
import { exactTime } from '../../../lib/dates';
import { localIsoDate } from '../../../lib/today';
import { TEACHER, deferred, renderScreen, stubApi, type ApiCall, type Reply } from '../../../test/render';
import { campusTime, DAY, deviceAt, NEXT_DAY, TERM } from '../../timetable/test/data';
import { gatePass } from '../test/data';
import { TeacherGatepassPage } from './teacher-gatepass-page';
import { REASON_REQUIRED } from '../../../components/reject-reason-dialog';
import { COMMON_REJECT_REASONS } from '../components/reject-dialog';
import { formatClock, formatDay } from '../../../lib/format';

afterEach(() => vi.unstubAllGlobals());
// Generous waits: Mantine screens render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });

type Lists = Record<GatePassStatus, GatePass[]>;

/**
 * A fake server: the teacher mentors CSE-A and CSE-B; the lists filter by group and mine (CSE-A and
 * CSE-B) like the real one, and say their totals. Decisions go to `decide`. The term settings are
 * `term`, when given.
 */
function fakeServer(lists: Lists, decide?: (call: ApiCall) => Reply | Promise<Reply>, term?: TermSettings) {
  return stubApi((call) => {
    if (call.path === '/api/timetable-settings') {
      return term ? { status: 200, body: term } : { status: 404, body: { message: 'no' } };
    }
    if (call.path === '/api/teacher-details/500001') {
      return { status: 200, body: { name: 'Meera Iyer', teacherId: 500001, groups: ['CSE-A', 'CSE-B'] } };
    }
    if (call.method === 'PUT') {
      return decide ? decide(call) : { status: 500, body: { message: 'no' } };
    }
    const status = call.path.split('/').pop() as GatePassStatus;
    const group = call.search.get('group');
    const mine = call.search.get('mine') === 'true';
    const rows = lists[status].filter(
      (p) => (!group || p.group === group) && (!mine || ['CSE-A', 'CSE-B'].includes(p.group)),
    );
    return new Response(JSON.stringify(rows), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-total-count': String(rows.length) },
    });
  });
}

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');
const panel = () => screen.getByRole('tabpanel');
const row = (name: RegExp | string) => within(panel()).findByRole('row', { name });
const lastList = (calls: ApiCall[], status: GatePassStatus) =>
  calls.filter((c) => c.path === `/api/gatepasses/${status}`).at(-1)!.search;

function setup(
  lists: Lists,
  decide?: (call: ApiCall) => Reply | Promise<Reply>,
  undoWindowMs?: number,
  search = '',
) {
  const calls = fakeServer(lists, decide);
  const { user } = renderScreen(
    <TeacherGatepassPage {...(undoWindowMs !== undefined ? { undoWindowMs } : {})} />,
    TEACHER,
    { search },
  );
  return { calls, user };
}

describe('TeacherGatepassPage', { timeout: 20_000 }, () => {
  it('opens on the tab, filters, sort and page its address names, as a reload or a shared link gives them', async () => {
    const { calls } = setup(
      { pending: [], approved: [gatePass({ approvedStatus: 'approved', name: 'Omar Ali' })], rejected: [] },
      undefined,
      undefined,
      '?tab=approved&group=CSE-B&mine=0&sort=name&order=desc&page=3',
    );
    expect(screen.getByRole('tab', { name: /Approved Gate Passes/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await vi.waitFor(() => expect(lastList(calls, 'approved').get('sort')).toBe('name'));
    const asked = lastList(calls, 'approved');
    expect(asked.get('order')).toBe('desc');
    expect(asked.get('group')).toBe('CSE-B');
    expect(asked.get('mine')).toBeNull();
    expect(asked.get('offset')).toBe('100');
    // The other tabs keep their first page, newest first.
    expect(lastList(calls, 'pending').get('offset')).toBe('0');
  });

  it('says when there are no gate passes', async () => {
    setup({ pending: [], approved: [], rejected: [] });
    expect(await within(panel()).findByText(MESSAGES.gatePass.none)).toBeVisible();
  });

  it('lists the requests one row each with a count on every tab, and pages the server 50 at a time', async () => {
    const ravi = gatePass({
      name: 'Ravi Kumar',
      rollNo: 230003,
      group: 'CSE-B',
      reason: 'Dentist',
      createdAt: new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString(),
    });
    const { calls } = setup({
      pending: [ravi, gatePass({ name: 'Nila Das', rollNo: 230005 })],
      approved: [gatePass({ approvedStatus: 'approved', decidedBy: 'Meera Iyer' })],
      rejected: [],
    });
    const tr = await row('Ravi Kumar (230003)');
    for (const text of [
      'Ravi Kumar',
      '230003',
      'CSE-B',
      formatDay(ravi.date),
      formatClock(ravi.time),
      'Dentist',
    ]) {
      expect(within(tr).getByText(text)).toBeVisible();
    }
    expect(within(tr).getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(within(tr).getByRole('button', { name: 'Reject' })).toBeVisible();
    expect(within(tr).getByText('2 h ago')).toHaveAttribute('title', exactTime(ravi.createdAt));
    expect(await screen.findByRole('tab', { name: 'Gate Pass Requests (2)' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'Approved Gate Passes (1)' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'Rejected Gate Passes (0)' })).toBeVisible();
    const asked = lastList(calls, 'pending');
    expect(Object.fromEntries(asked)).toEqual({
      mine: 'true',
      sort: 'createdAt',
      order: 'desc',
      limit: '50',
      offset: '0',
      // Each pass under its decision, with what became of it (decision record 0067).
      asDecided: 'true',
    });
  });

  it('marks a pending pass for a day before today as expired', async () => {
    const yesterday = localIsoDate(new Date(Date.now() - 86_400_000));
    setup({
      pending: [
        gatePass({ name: 'Old Pass', rollNo: 230010, date: yesterday }),
        gatePass({ name: 'Today Pass', rollNo: 230011, date: localIsoDate() }),
      ],
      approved: [],
      rejected: [],
    });
    expect(within(await row('Old Pass (230010)')).getByText('Expired')).toBeVisible();
    expect(within(await row('Today Pass (230011)')).queryByText('Expired')).not.toBeInTheDocument();
  });

  it('sorts by a column header, and turns the order round on a second click', async () => {
    const { calls, user } = setup({
      pending: [gatePass({ name: 'Ravi Kumar', rollNo: 230003 })],
      approved: [],
      rejected: [],
    });
    await row('Ravi Kumar (230003)');
    const student = within(panel()).getByRole('columnheader', { name: /Student/ });
    expect(student).toHaveAttribute('aria-sort', 'none');
    expect(within(panel()).getByRole('columnheader', { name: /Applied/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(student).getByRole('button'));
    await vi.waitFor(() => expect(lastList(calls, 'pending').get('sort')).toBe('name'));
    expect(lastList(calls, 'pending').get('order')).toBe('asc');
    expect(within(panel()).getByRole('columnheader', { name: /Student/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(
      within(within(panel()).getByRole('columnheader', { name: /Student/ })).getByRole('button'),
    );
    await vi.waitFor(() => expect(lastList(calls, 'pending').get('order')).toBe('desc'));
    expect(within(panel()).getByRole('columnheader', { name: /Student/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it("shows the teacher's mentees by default, a group of theirs on choice, and everyone with the switch off", async () => {
    const lists: Lists = {
      pending: [
        gatePass({ name: 'Asha Rao', rollNo: 230002, group: 'CSE-A' }),
        gatePass({ name: 'Ravi Kumar', rollNo: 230003, group: 'CSE-B' }),
        gatePass({ name: 'Omar Ali', rollNo: 240001, group: 'ME-A' }),
      ],
      approved: [],
      rejected: [],
    };
    const { calls, user } = setup(lists);
    await row('Asha Rao (230002)');
    const mine = screen.getByRole('switch', { name: 'My mentees only' });
    expect(mine).toBeChecked();
    expect(within(panel()).queryByRole('row', { name: 'Omar Ali (240001)' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'CSE-B', hidden: true }));
    await vi.waitFor(() => expect(lastList(calls, 'pending').get('group')).toBe('CSE-B'));
    await vi.waitFor(() =>
      expect(within(panel()).queryByRole('row', { name: 'Asha Rao (230002)' })).not.toBeInTheDocument(),
    );
    expect(await row('Ravi Kumar (230003)')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'All groups', hidden: true }));
    await user.click(mine);
    await vi.waitFor(() => expect(lastList(calls, 'pending').get('mine')).toBeNull());
    expect(lastList(calls, 'pending').get('group')).toBeNull();
    expect(await row('Omar Ali (240001)')).toBeVisible();
  });

  it('approves the selected passes at once by the bulk call, and says which one was already decided', async () => {
    const asha = gatePass({ name: 'Asha Rao', rollNo: 230002 });
    const ravi = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    const nila = gatePass({ name: 'Nila Das', rollNo: 230005 });
    const lists: Lists = { pending: [asha, ravi, nila], approved: [], rejected: [] };
    const { calls, user } = setup(
      lists,
      () => {
        lists.pending = [];
        return {
          status: 200,
          body: {
            results: [
              { gatepassId: asha._id, outcome: 'decided', gatepass: { ...asha, approvedStatus: 'approved' } },
              { gatepassId: nila._id, outcome: 'already-decided', status: 'rejected' },
            ],
          },
        };
      },
      0,
    );
    await user.click(within(await row('Asha Rao (230002)')).getByRole('checkbox'));
    await user.click(within(await row('Nila Das (230005)')).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));

    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({
      path: '/api/gatepasses/update-status-bulk',
      body: { gatepassIds: [asha._id, nila._id], approvedStatus: 'approved' },
    });
    const report = await screen.findByText('Some gate passes were not changed');
    expect(report.closest('[role="alert"]')).toHaveTextContent(
      'Nila Das (230005): already rejected by someone else, so it was not changed.',
    );
    expect(report.closest('[role="alert"]')).not.toHaveTextContent('Asha Rao');
    expect(await within(panel()).findByText(MESSAGES.gatePass.none)).toBeVisible();
  });

  it('selects every row on the page at once', async () => {
    const passes = [gatePass({ rollNo: 230002 }), gatePass({ name: 'Ravi Kumar', rollNo: 230003 })];
    const { calls, user } = setup({ pending: passes, approved: [], rejected: [] }, () => ({
      status: 200,
      body: { results: passes.map((p) => ({ gatepassId: p._id, outcome: 'decided' })) },
    }));
    await row('Ravi Kumar (230003)');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 gate passes' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Exams week');
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2 gate passes' }));
    // Held for Undo: shown as rejected, nothing sent yet.
    expect(within(await row('Ravi Kumar (230003)')).getByText('Rejected')).toBeVisible();
    expect(puts(calls)).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      gatepassIds: passes.map((p) => p._id),
      approvedStatus: 'rejected',
      rejectReason: 'Exams week',
    });
  });

  it('sends nothing when Undo is pressed within the window, and puts the pass back', async () => {
    const ravi = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    const { calls, user } = setup({ pending: [ravi], approved: [], rejected: [] }, () => ({
      status: 200,
      body: ravi,
    }));
    await user.click(within(await row('Ravi Kumar (230003)')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved the gate pass of Ravi Kumar.')).toBeVisible();
    expect(within(await row('Ravi Kumar (230003)')).getByText('Approved')).toBeVisible();
    expect(within(await row('Ravi Kumar (230003)')).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await within(await row('Ravi Kumar (230003)')).findByRole('button', { name: 'Approve' }),
    ).toBeVisible();
    // The toast may already be gone by the time the row shows its buttons again.
    await waitFor(() => expect(screen.queryByText('Approved the gate pass of Ravi Kumar.')).toBeNull());
    expect(puts(calls)).toEqual([]);
  });

  it('leaves nothing selected when a bulk decision is undone, with the actions in a bar held at the bottom while rows are ticked', async () => {
    const passes = [
      gatePass({ name: 'Asha Rao', rollNo: 230002 }),
      gatePass({ name: 'Ravi Kumar', rollNo: 230003 }),
    ];
    const { calls, user } = setup({ pending: passes, approved: [], rejected: [] }, () => ({
      status: 200,
      body: { results: passes.map((p) => ({ gatepassId: p._id, outcome: 'decided' })) },
    }));
    await row('Ravi Kumar (230003)');
    const bar = screen.getByRole('toolbar', { name: 'Selected gate passes' });
    expect(bar).not.toHaveClass('bulk-bar-fixed');
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(bar).toHaveClass('bulk-bar-fixed');
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText('Approved 2 gate passes.')).toBeVisible();
    expect(within(bar).getByText('0 selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    // The rows are back, to decide again, and the bar says what is ticked: nothing.
    for (const name of ['Asha Rao (230002)', 'Ravi Kumar (230003)']) {
      expect(await within(await row(name)).findByRole('button', { name: 'Approve' })).toBeVisible();
      expect(within(await row(name)).getByRole('checkbox')).not.toBeChecked();
    }
    expect(within(bar).getByText('0 selected')).toBeVisible();
    expect(bar).not.toHaveClass('bulk-bar-fixed');
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
    expect(puts(calls)).toEqual([]);
  });

  it('sends one decision by the §7 call once the window has passed', async () => {
    const ravi = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    const lists: Lists = { pending: [ravi], approved: [], rejected: [] };
    const answer = deferred<Reply>();
    const { calls, user } = setup(lists, () => answer.promise, 0);
    await user.click(within(await row('Ravi Kumar (230003)')).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({
      path: '/api/gatepasses/update-status',
      body: { gatepassId: ravi._id, approvedStatus: 'approved' },
    });
    expect(within(await row('Ravi Kumar (230003)')).getByText('Approved · sending')).toBeVisible();
    const decided = { ...ravi, approvedStatus: 'approved' as const, decidedBy: 'Meera Iyer' };
    lists.pending = [];
    lists.approved = [decided];
    answer.resolve({ status: 200, body: decided });
    expect(await within(panel()).findByText(MESSAGES.gatePass.none)).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'Approved Gate Passes (1)' })).toBeVisible();
  });

  it("shows 'Error: ' with the server's message when one decision is refused, and keeps the pass", async () => {
    const ravi = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    const { user } = setup(
      { pending: [ravi], approved: [], rejected: [] },
      () => ({ status: 409, body: { message: 'This gate pass has already been rejected' } }),
      0,
    );
    await user.click(within(await row('Ravi Kumar (230003)')).getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not approve Ravi Kumar's pass");
    expect(alert).toHaveTextContent('Error: This gate pass has already been rejected');
    expect(
      await within(await row('Ravi Kumar (230003)')).findByRole('button', { name: 'Approve' }),
    ).toBeVisible();
  });

  it('says whose pass failed, the generic failure and what to do when the server cannot be reached', async () => {
    const ravi = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    const { user } = setup(
      { pending: [ravi], approved: [], rejected: [] },
      () => {
        throw new TypeError('Failed to fetch');
      },
      0,
    );
    await user.click(within(await row('Ravi Kumar (230003)')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the gate pass of Ravi Kumar' });
    await user.click(within(dialog).getByRole('radio', { name: COMMON_REJECT_REASONS[0] }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject gate pass' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not reject Ravi Kumar's pass");
    expect(alert).toHaveTextContent(MESSAGES.gatePass.updateFailed);
    expect(alert).toHaveTextContent(
      'You are offline or the server cannot be reached. Check your connection and try again.',
    );
  });

  it('requires a reason to reject, typed or one of the common ones, and sends it', async () => {
    const ravi = gatePass({ name: 'Ravi Kumar', rollNo: 230003 });
    const nila = gatePass({ name: 'Nila Das', rollNo: 230005 });
    const { calls, user } = setup(
      { pending: [ravi, nila], approved: [], rejected: [] },
      (call) => ({ status: 200, body: { ...ravi, _id: (call.body as { gatepassId: string }).gatepassId } }),
      0,
    );
    await user.click(within(await row('Ravi Kumar (230003)')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the gate pass of Ravi Kumar' });
    // The reason box, not the close button, has the focus.
    await vi.waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject gate pass' }));
    const box = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription(expect.stringContaining(REASON_REQUIRED));
    expect(puts(calls)).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Exams that day ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject gate pass' }));
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      gatepassId: ravi._id,
      approvedStatus: 'rejected',
      rejectReason: 'Exams that day',
    });

    await user.click(within(await row('Nila Das (230005)')).getByRole('button', { name: 'Reject' }));
    const second = await screen.findByRole('dialog', { name: 'Reject the gate pass of Nila Das' });
    expect(within(second).getByRole('textbox', { name: /Reason/ })).toHaveValue('');
    await user.click(within(second).getByRole('radio', { name: COMMON_REJECT_REASONS[1] }));
    expect(within(second).getByRole('textbox', { name: /Reason/ })).toHaveValue(COMMON_REJECT_REASONS[1]);
    await user.click(within(second).getByRole('button', { name: 'Reject gate pass' }));
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]!.body).toEqual({
      gatepassId: nila._id,
      approvedStatus: 'rejected',
      rejectReason: COMMON_REJECT_REASONS[1],
    });
  });
});

describe("TeacherGatepassPage on the campus's day", { timeout: 20_000 }, () => {
  // 00:30 on the campus in India is still 19:00 the day before on a device set to UTC.
  let undoDevice = () => {};
  afterEach(() => undoDevice());

  it("marks a pending pass expired once the campus's day has moved past it, whatever the device says", async () => {
    undoDevice = deviceAt('UTC', campusTime('00:30', NEXT_DAY));
    const lists: Lists = {
      pending: [
        gatePass({ name: 'Late Pass', rollNo: 230012, date: DAY }),
        gatePass({ name: 'Next Pass', rollNo: 230013, date: NEXT_DAY }),
      ],
      approved: [],
      rejected: [],
    };
    fakeServer(lists, undefined, TERM);
    renderScreen(<TeacherGatepassPage />, TEACHER);
    expect(await within(await row('Late Pass (230012)')).findByText('Expired')).toBeVisible();
    expect(within(await row('Next Pass (230013)')).queryByText('Expired')).not.toBeInTheDocument();
  });
});
