import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type GatePass } from '@campus/contract';
import { logger } from '../../../lib/logger';
import { STUDENT, renderScreen, stubApi } from '../../../test/render';
import { STUDENT_DETAILS, gatePass } from '../test/data';
import { fillGatePassForm } from '../test/form';
import { StudentGatepassPage } from './student-gatepass-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Every list of passes empty, and the student's details for the form. */
const stubEmptyLists = () =>
  stubApi((call) =>
    call.path.startsWith('/api/gatepasses/')
      ? { status: 200, body: [] }
      : { status: 200, body: STUDENT_DETAILS },
  );

// Mantine in jsdom is slow when the whole suite runs in parallel on a small machine.
describe('StudentGatepassPage', { timeout: 15_000 }, () => {
  it('shows the empty state of each list', async () => {
    const calls = stubEmptyLists();
    renderScreen(<StudentGatepassPage />, STUDENT);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Applied Gate Pass' }));
    expect(await screen.findByText(MESSAGES.gatePass.noApplied)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Approved Gate Pass' }));
    expect(await screen.findByText(MESSAGES.gatePass.noApproved)).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Rejected Gate Pass' }));
    expect(await screen.findByText(MESSAGES.gatePass.noRejected)).toBeVisible();
    const listCalls = calls.filter((c) => c.path.startsWith('/api/gatepasses/')).map((c) => c.path);
    expect(new Set(listCalls)).toEqual(
      new Set([
        '/api/gatepasses/pending/230002',
        '/api/gatepasses/approved/230002',
        '/api/gatepasses/rejected/230002',
      ]),
    );
  });

  it('asks for a list only when its tab is opened, and keeps the draft of the form meanwhile', async () => {
    const calls = stubEmptyLists();
    renderScreen(<StudentGatepassPage />, STUDENT);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Reason/), 'Sister wedding');
    const lists = () => calls.filter((c) => c.path.startsWith('/api/gatepasses/')).map((c) => c.path);
    expect(lists()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Approved Gate Pass' }));
    expect(await screen.findByText(MESSAGES.gatePass.noApproved)).toBeVisible();
    expect(lists()).toEqual(['/api/gatepasses/approved/230002']);
    await user.click(screen.getByRole('tab', { name: 'Apply for Gate Pass' }));
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Sister wedding');
  });

  it('offers to apply from an empty list, and opens the form', async () => {
    stubEmptyLists();
    renderScreen(<StudentGatepassPage />, STUDENT);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Approved Gate Pass' }));
    const panel = screen.getByRole('tabpanel', { name: 'Approved Gate Pass' });
    expect(await within(panel).findByText(MESSAGES.gatePass.noApproved)).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Apply for a gate pass' }));
    expect(screen.getByRole('tab', { name: 'Apply for Gate Pass' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('form', { name: 'Apply for Gate Pass' })).toBeVisible();
  });

  it('says a list failed to load instead of calling it empty, logs it, and loads it again on retry', async () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    let failing = true;
    stubApi((call) =>
      call.path.startsWith('/api/gatepasses/')
        ? failing
          ? { status: 500, body: { message: 'boom' } }
          : { status: 200, body: [gatePass({ reason: 'Back home', approvedStatus: 'approved' })] }
        : { status: 200, body: STUDENT_DETAILS },
    );
    renderScreen(<StudentGatepassPage />, STUDENT);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Approved Gate Pass' }));
    const panel = screen.getByRole('tabpanel', { name: 'Approved Gate Pass' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Could not load gate passes.');
    expect(within(panel).queryByText(MESSAGES.gatePass.noApproved)).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Could not load approved gate passes', expect.any(Error));

    failing = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Back home')).toBeVisible();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a new pass under Applied after it is submitted', async () => {
    const pending: GatePass[] = [];
    stubApi((call) => {
      if (call.path === '/api/submit-gatepass') {
        const created = gatePass({ reason: 'Sister wedding', date: '2030-06-02', time: '08:15' });
        pending.unshift(created);
        return { status: 201, body: { message: MESSAGES.gatePass.submitted, gatepass: created } };
      }
      if (call.path === '/api/gatepasses/pending/230002') return { status: 200, body: pending };
      if (call.path.startsWith('/api/gatepasses/')) return { status: 200, body: [] };
      return { status: 200, body: STUDENT_DETAILS };
    });
    renderScreen(<StudentGatepassPage />, STUDENT);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Applied Gate Pass' }));
    expect(await screen.findByText(MESSAGES.gatePass.noApplied)).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Apply for Gate Pass' }));
    await fillGatePassForm({ date: '2030-06-02', time: '08:15', reason: 'Sister wedding' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.gatePass.submitted);

    await user.click(screen.getByRole('tab', { name: 'Applied Gate Pass' }));
    const card = await screen.findByRole('article', { name: 'Gate pass for 2 Jun 2030 at 8:15 am' });
    expect(within(card).getByText('Sister wedding')).toBeVisible();
    expect(within(card).getByText('pending')).toBeVisible();
  });
});
