/**
 * The gate pass form's check loads apart from the form (decision record 0056). Here its load is held
 * back, or fails once, to show what a student sees while it is on its way.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@campus/contract';
import { STUDENT, deferred, renderScreen, stubApi, type Reply } from '../../../test/render';
import { gatePass } from '../test/data';
import { fillGatePassForm, withStudentDetails } from '../test/form';
import { GatePassForm } from './gate-pass-form';

/** The form's next load of the check waits for `release`, then fails or gives the real check. */
function nextLoad({
  release = Promise.resolve(),
  fail = false,
}: {
  release?: Promise<void>;
  fail?: boolean;
}) {
  vi.resetModules();
  vi.doMock('@campus/contract/gatepasses', async (original) => {
    await release;
    if (fail) throw new TypeError('Failed to fetch dynamically imported module');
    return original();
  });
}

afterEach(() => vi.unstubAllGlobals());

// One story, not two tests: the form keeps the check once it has arrived, for as long as the page is open.
describe('GatePassForm while its check loads', { timeout: 15_000 }, () => {
  it('says a failed load, then loads it again on Submit; two presses while it loads send one pass', async () => {
    const failing = deferred<undefined>();
    nextLoad({ release: failing.promise, fail: true });
    const answer = deferred<Reply>();
    const calls = stubApi(withStudentDetails(() => answer.promise));
    renderScreen(<GatePassForm />, STUDENT);
    const user = await fillGatePassForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    failing.resolve(undefined);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not submit your gate pass');
    expect(alert).toHaveTextContent(MESSAGES.gatePass.submitNetworkError);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // What was typed is kept for the next try.
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Dentist appointment');

    const held = deferred<undefined>();
    nextLoad({ release: held.promise });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    held.resolve(undefined);
    // Both presses have been dealt with by the time the form says it is sending.
    expect(await screen.findByRole('button', { name: MESSAGES.submitting })).toBeDisabled();
    answer.resolve({ status: 201, body: { message: MESSAGES.gatePass.submitted, gatepass: gatePass() } });
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.gatePass.submitted);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
