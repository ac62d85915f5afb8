/** The gate desk in Hindi (issue 64): every word the guard reads, the pass's answer and a refusal. */
import { act, configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GateAnswer, GatePassAtGate } from '@campus/contract';
import { i18n } from '../../../i18n/i18n';
import { fill, renderScreen, stubApi } from '../../../test/render';
import { GateDeskPage } from './gate-desk-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(async () => {
  await act(() => i18n.changeLanguage('hi'));
  await i18n.loadNamespaces('guard');
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
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
  reason: 'Dentist appointment',
};

function setup() {
  stubApi((call) => {
    if (call.path === '/api/gate/key') {
      return {
        status: 200,
        body: { publicKey: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }, refused: [], asOf: '' },
      };
    }
    if (call.path === '/api/gate/scan') {
      const { code } = call.body as { code: string };
      const answer: GateAnswer =
        code.replace(/\s/g, '') === '5MFAYK92'
          ? { outcome: 'allow-exit', message: 'Allow exit', scanId: 'scan-1', gatepass: PASS }
          : { outcome: 'refused', reason: 'expired', message: 'Expired' };
      return { status: 200, body: answer };
    }
    return { status: 404, body: { message: 'not found' } };
  });
  localStorage.setItem('jwtToken', 'tok');
  return renderScreen(<GateDeskPage />, undefined, { path: '/guard/desk' });
}

describe('the gate desk in Hindi', { timeout: 20_000 }, () => {
  it('names the desk, its choices, the field and the ready state in Hindi', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'गेट डेस्क' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'पास कोड' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'जाँचें' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'आना-जाना' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'बाहर जाना' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'अगले पास के लिए तैयार: पास कैमरे को दिखाएँ, या उसका कोड टाइप करें।',
    );
    expect(await screen.findByText(/HTTPS चाहिए/)).toBeVisible();
  });

  it('shows a valid pass and its action in Hindi, and a refusal by its reason', async () => {
    const { user } = setup();
    await fill(user, screen.getByRole('textbox', { name: 'पास कोड' }), '5mfa yk92');
    await user.click(screen.getByRole('button', { name: 'जाँचें' }));
    expect(await screen.findByRole('button', { name: 'बाहर जाने दें' })).toHaveFocus();
    const answer = screen.getByRole('status');
    expect(answer).toHaveTextContent('सही पास · बाहर जा रहे हैं');
    expect(answer).toHaveTextContent('CSE-A · रोल नंबर 230002');
    expect(answer).toHaveTextContent('दिन के अंत तक');
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'रद्द करें' }));
    await fill(user, screen.getByRole('textbox', { name: 'पास कोड' }), 'abcd efgh');
    await user.click(screen.getByRole('button', { name: 'जाँचें' }));
    expect(await screen.findByRole('heading', { name: 'मना करें' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('समय खत्म');
    expect(screen.getByRole('status')).toHaveTextContent('6 सेकंड में अगले पास के लिए तैयार');
    expect(screen.getByRole('button', { name: 'अगला पास' })).toHaveFocus();
  });
});
