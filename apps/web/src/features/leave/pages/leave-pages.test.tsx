import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Leave } from '@campus/contract';
import { localIsoDate } from '../../../lib/today';
import { renderScreen, STUDENT, stubApi, TEACHER, type Reply } from '../../../test/render';
import { StudentLeavePage } from './student-leave-page';
import { TeacherLeavePage } from './teacher-leave-page';

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
    const card = await screen.findByRole('article', { name: 'Leave from 2030-01-02 to 2030-01-03' });
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

    await user.click(within(card).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Leave application withdrawn.')).toBeInTheDocument();
  });

  it('lets a mentor approve, and reject only with a reason', async () => {
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
    const { user } = renderScreen(<TeacherLeavePage />, TEACHER);
    await user.click(await screen.findByRole('button', { name: 'Reject the leave of Asha Rao' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Reject leave' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Exams that week');
    await user.click(within(dialog).getByRole('button', { name: 'Reject leave' }));
    await user.click(screen.getByRole('button', { name: 'Approve the leave of Asha Rao' }));
    await vi.waitFor(() =>
      expect(decisions).toEqual([
        { decision: 'rejected', rejectReason: 'Exams that week' },
        { decision: 'approved' },
      ]),
    );
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
