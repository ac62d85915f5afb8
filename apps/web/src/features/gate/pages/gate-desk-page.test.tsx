import { act, configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GateAnswer, GatePassAtGate } from '@campus/contract';
import { fill, renderScreen, stubApi, type ApiCall } from '../../../test/render';
import { pendingMoves } from '../offline';
import { CLEAR_AFTER_MS, GateDeskPage } from './gate-desk-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PASS: GatePassAtGate = {
  _id: '0190a1b2-0000-7000-8000-000000000001',
  name: 'Asha Rao',
  initials: 'AR',
  rollNo: 230002,
  group: 'CSE-A',
  date: '2031-03-10',
  time: '09:00',
  returnBy: '12:00',
  reason: 'Dentist appointment',
};
const SCAN_ID = '0190a1b2-0000-7000-8000-0000000000aa';

function setup(
  exit: (call: ApiCall) => { status: number; body?: unknown } = () => ({
    status: 200,
    body: { outcome: 'exited', message: 'Exit recorded', gatepass: PASS } satisfies GateAnswer,
  }),
) {
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
  const calls = stubApi((call) => {
    if (call.path === '/api/gate/key') {
      return {
        status: 200,
        body: { publicKey: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }, refused: [], asOf: '' },
      };
    }
    if (call.path === '/api/gate/scan') {
      const { code } = call.body as { code: string };
      if (code.replace(/\s/g, '') === '5MFAYK92') {
        return {
          status: 200,
          body: {
            outcome: 'allow-exit',
            message: 'Allow exit',
            scanId: SCAN_ID,
            gatepass: PASS,
          } satisfies GateAnswer,
        };
      }
      return {
        status: 200,
        body: {
          outcome: 'refused',
          reason: 'unknown-code',
          message: 'No pass with this code — check it',
          scanId: SCAN_ID,
        } satisfies GateAnswer,
      };
    }
    if (call.path === '/api/gate/exit') return exit(call);
    return { status: 404, body: { message: 'not found' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  return { calls, vibrate, ...renderScreen(<GateDeskPage />, undefined, { path: '/guard/desk' }) };
}

const codeField = () => screen.getByRole('textbox', { name: 'Pass code' });

describe('the gate desk', { timeout: 20_000 }, () => {
  it('starts with the code field focused, hints the code in its groups, and has no empty camera box', async () => {
    setup();
    expect(codeField()).toHaveFocus();
    expect(codeField()).toHaveAttribute('placeholder', '7KQ4 M2XP');
    expect(await screen.findByText(/Type the code instead/)).toBeVisible();
    expect(screen.getByTestId('gate-camera')).not.toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/Ready for the next pass/);
  });

  it('confirms the exit with the scan that allowed it, then empties and focuses the field', async () => {
    const { user, calls, vibrate } = setup();
    await fill(user, codeField(), '5mfa yk92');
    expect(codeField()).toHaveValue('5MFA YK92');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const allow = await screen.findByRole('button', { name: 'Allow exit' });
    expect(allow).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Asha Rao');
    expect(vibrate).toHaveBeenCalledTimes(1);

    await user.click(allow);
    expect(await screen.findByText('Exit recorded')).toBeVisible();
    expect(calls.find((c) => c.path === '/api/gate/exit')?.body).toEqual({
      scanId: SCAN_ID,
      gatepassId: PASS._id,
    });
    expect(screen.queryByRole('button', { name: 'Allow exit' })).toBeNull();
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
    expect(vibrate).toHaveBeenCalledTimes(2);
  });

  it('asks to check a code that names no pass, in a neutral panel, and clears itself a few seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = setup();
    await fill(user, codeField(), 'zz');
    await user.keyboard('{Enter}');
    const status = screen.getByRole('status');
    expect(await screen.findByRole('heading', { name: 'No pass with this code — check it' })).toBeVisible();
    expect(status).not.toHaveTextContent('Refused');
    expect(status).toHaveAttribute('data-outcome', 'unknown-code');
    expect(screen.getByRole('button', { name: 'Next pass' })).toHaveFocus();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CLEAR_AFTER_MS);
    });
    expect(status).toHaveTextContent(/Ready for the next pass/);
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
  });

  it('keeps a move it could not send with the scanned code, and sends that code when back online', async () => {
    let online = false;
    const { user, calls } = setup(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return { status: 200, body: { outcome: 'exited', message: 'Exit recorded', gatepass: PASS } };
    });
    await fill(user, codeField(), '5MFAYK92');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.click(await screen.findByRole('button', { name: 'Allow exit' }));
    expect(await screen.findByText('Recorded on this device')).toBeVisible();
    expect(screen.getByText('1 recorded offline, waiting to be sent')).toBeVisible();
    expect(pendingMoves()).toEqual([
      expect.objectContaining({ direction: 'exit', gatepassId: PASS._id, code: '5MFAYK92' }),
    ]);
    expect(codeField()).toHaveFocus();

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(pendingMoves()).toEqual([]));
    expect(calls.filter((c) => c.path === '/api/gate/exit').at(-1)?.body).toEqual({
      gatepassId: PASS._id,
      code: '5MFAYK92',
    });
    expect(screen.queryByText(/recorded offline/)).toBeNull();
  });
});
