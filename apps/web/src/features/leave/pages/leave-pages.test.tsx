import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Leave } from '@campus/contract';
import { REASON_REQUIRED } from '../../../components/reject-reason-dialog';
import { formatDay, formatDayInput } from '../../../lib/format';
import { localIsoDate } from '../../../lib/today';
import { renderScreen, STUDENT, stubApi, TEACHER, type Reply } from '../../../test/render';
import { campusTime, DAY, deviceAt, TERM } from '../../timetable/test/data';
import { StudentLeavePage } from './student-leave-page';
import { COMMON_LEAVE_REJECT_REASONS, TeacherLeavePage } from './teacher-leave-page';

const leave: Leave = {
  _id: 'l1',
  rollNo: 230001,
  name: 'Asha Rao',
  group: 'CSE-A',
  from: '2030-01-02',
  to: '2030-01-03',
  days: 2,
  reason: 'Fever',
  status: 'pending',
  createdAt: '2030-01-01T08:00:00.000Z',
  attachment: { name: 'note.pdf', type: 'application/pdf', size: 2048 },
};

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('leave screens', { timeout: 20_000 }, () => {
  it('lets a student apply with a PDF, refuses another kind of file, and withdraw pending leave', async () => {
    const posted: unknown[] = [];
    stubApi(({ method, path, body }): Reply => {
      if (path === '/api/leave/mine') return { status: 200, body: [leave] };
      if (method === 'POST' && path === '/api/leave') {
        posted.push(body);
        return { status: 201, body: { message: 'Leave application submitted.', leave } };
      }
      if (method === 'PUT' && path === '/api/leave/l1/withdraw') {
        return { status: 200, body: { ...leave, status: 'withdrawn' } };
      }
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<StudentLeavePage />, STUDENT);
    const card = await screen.findByRole('article', { name: 'Leave from 2 Jan 2030 to 3 Jan 2030' });
    expect(
      within(card).getByRole('button', { name: 'Download the attachment note.pdf' }),
    ).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Apply for leave' });
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    // As a browser lets a person pick any file despite `accept`.
    const html = new File(['<html>'], 'note.html', { type: 'text/html' });
    fireEvent.change(input, { target: { files: { 0: html, length: 1, item: () => html } } });
    expect(await screen.findByText('The attachment must be a PDF, PNG or JPEG file.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Apply for leave' })).toBeDisabled();

    await user.upload(input, new File(['%PDF-1.4'], 'note.pdf', { type: 'application/pdf' }));
    await user.type(within(form).getByLabelText(/Reason/), 'Fever');
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      from: localIsoDate(),
      to: localIsoDate(),
      reason: 'Fever',
      attachment: { name: 'note.pdf', type: 'application/pdf', data: btoa('%PDF-1.4') },
    });
    // The toast says for which days, and leads to the application's card.
    const toast = (await screen.findByText(/^Leave application submitted\./)).closest(
      '[role]',
    ) as HTMLElement;
    expect(toast).toHaveTextContent("For 2 Jan 2030 to 3 Jan 2030; it waits for your mentor's decision.");
    await user.click(within(toast).getByRole('button', { name: 'View' }));
    expect(card).toHaveFocus();

    await user.click(within(card).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Leave application withdrawn.')).toBeInTheDocument();
  });

  it('says in a toast for which days an application failed, and keeps what was typed', async () => {
    stubApi(({ method, path }): Reply => {
      if (path === '/api/leave/mine') return { status: 200, body: [] };
      if (method === 'POST')
        return { status: 409, body: { message: 'You already have leave on these days' } };
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<StudentLeavePage />, STUDENT);
    const form = await screen.findByRole('form', { name: 'Apply for leave' });
    await user.type(within(form).getByLabelText(/Reason/), 'Fever');
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(`Could not apply for leave for ${formatDay(localIsoDate())}`);
    expect(toast).toHaveTextContent('You already have leave on these days');
    expect(within(form).getByLabelText(/Reason/)).toHaveValue('Fever');
  });

  it('lets a mentor approve, and reject only with a reason, each sent once its time to undo has passed', async () => {
    const decisions: unknown[] = [];
    stubApi(({ method, path, search, body }): Reply => {
      if (path === '/api/leave' && search.get('status') === 'pending') return { status: 200, body: [leave] };
      if (path === '/api/leave') return { status: 200, body: [] };
      if (method === 'PUT' && path === '/api/leave/l1/decision') {
        decisions.push(body);
        return { status: 200, body: { ...leave, status: (body as { decision: string }).decision } };
      }
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<TeacherLeavePage undoWindowMs={0} />, TEACHER);
    await user.click(await screen.findByRole('button', { name: 'Reject the leave of Asha Rao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the leave of Asha Rao' });
    // Without a reason the rejection is refused on the reason's field, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Reject leave' }));
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toBeInvalid();
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(REASON_REQUIRED));
    expect(decisions).toEqual([]);
    // A common reason fills the box, where it can be added to.
    await user.click(within(dialog).getByRole('radio', { name: COMMON_LEAVE_REJECT_REASONS[0] }));
    expect(reason).toHaveValue(COMMON_LEAVE_REJECT_REASONS[0]);
    expect(reason).toBeValid();
    await user.type(reason, ' that week');
    await user.click(within(dialog).getByRole('button', { name: 'Reject leave' }));
    expect(
      await screen.findByText(`Leave of Asha Rao rejected: ${COMMON_LEAVE_REJECT_REASONS[0]} that week`),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Approve the leave of Asha Rao' }));
    await vi.waitFor(() =>
      expect(decisions).toEqual([
        { decision: 'rejected', rejectReason: `${COMMON_LEAVE_REJECT_REASONS[0]} that week` },
        { decision: 'approved' },
      ]),
    );
  });

  it('holds a decision for Undo, as gate passes do: Undo sends nothing and puts the leave back to decide', async () => {
    const decisions: unknown[] = [];
    stubApi(({ method, path, search, body }): Reply => {
      if (path === '/api/leave' && search.get('status') === 'pending') return { status: 200, body: [leave] };
      if (path === '/api/leave') return { status: 200, body: [] };
      if (method === 'PUT') decisions.push(body);
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<TeacherLeavePage />, TEACHER);
    await user.click(await screen.findByRole('button', { name: 'Approve the leave of Asha Rao' }));
    const row = screen.getByRole('row', { name: 'Asha Rao, 2 Jan 2030 to 3 Jan 2030' });
    // Held: the row says what was decided, with nothing to press twice.
    expect(within(row).getByText('Approved')).toBeVisible();
    expect(within(row).queryByRole('button', { name: 'Approve the leave of Asha Rao' })).toBeNull();
    const toast = screen.getByText('Approved the leave of Asha Rao (2 Jan 2030 to 3 Jan 2030).');
    await user.click(within(toast.closest('[role]') as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(await within(row).findByRole('button', { name: 'Approve the leave of Asha Rao' })).toBeVisible();
    expect(decisions).toEqual([]);
  });

  it('opens on the tab and page its address names, with every tab counted, a page of 50 at a time', async () => {
    const calls = stubApi(({ path, search }) => {
      if (path !== '/api/leave') return { status: 404, body: { message: 'no' } };
      const status = search.get('status');
      const rows =
        status === 'approved' ? [{ ...leave, status: 'approved' as const, decidedBy: 'Dr. Rao' }] : [];
      const total = { pending: 3, approved: 51, rejected: 0 }[status as 'pending'];
      return new Response(JSON.stringify(rows), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
      });
    });
    localStorage.setItem('jwtToken', 'tok');
    renderScreen(<TeacherLeavePage />, TEACHER, { search: '?tab=approved&page=2' });
    expect(await screen.findByRole('tab', { name: 'Approved Leave (51)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('tab', { name: 'Leave Requests (3)' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'Rejected Leave (0)' })).toBeVisible();
    expect(
      within(await screen.findByRole('navigation', { name: 'Approved Leave pages' })).getByText(
        '51–51 of 51',
      ),
    ).toBeVisible();
    const asked = (status: string) =>
      calls.filter((c) => c.search.get('status') === status).map((c) => c.search.get('offset'));
    expect(asked('approved')).toContain('50');
    // The other tabs, for their counts, on their first page.
    expect(asked('pending')).toEqual(['0']);
    expect(calls.every((c) => c.search.get('limit') === '51')).toBe(true);
  });
});

describe("leave on the campus's day", { timeout: 20_000 }, () => {
  // 23:30 on the campus in India is 03:00 the next day on a device set to Tokyo.
  let undoDevice = () => {};
  afterEach(() => undoDevice());

  it("offers the campus's today as the first day, not the device's, and applies for it", async () => {
    undoDevice = deviceAt('Asia/Tokyo', campusTime('23:30'));
    const posted: unknown[] = [];
    stubApi(({ method, path, body }): Reply => {
      if (path === '/api/timetable-settings') return { status: 200, body: TERM };
      if (path === '/api/leave/mine') return { status: 200, body: [] };
      if (method === 'POST' && path === '/api/leave') {
        posted.push(body);
        return { status: 201, body: { message: 'Leave application submitted.', leave } };
      }
      return { status: 404, body: { message: 'no' } };
    });
    localStorage.setItem('jwtToken', 'tok');
    const { user } = renderScreen(<StudentLeavePage />, STUDENT);
    const form = await screen.findByRole('form', { name: 'Apply for leave' });
    await vi.waitFor(() => expect(within(form).getByLabelText(/^From/)).toHaveValue(formatDayInput(DAY)));
    expect(within(form).getByLabelText(/^To/)).toHaveValue(formatDayInput(DAY));
    await user.type(within(form).getByLabelText(/Reason/), 'Fever');
    await user.click(within(form).getByRole('button', { name: 'Apply for leave' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ from: DAY, to: DAY });
  });
});
