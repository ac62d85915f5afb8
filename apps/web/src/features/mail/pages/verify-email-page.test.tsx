import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_LINK_INVALID } from '@campus/contract';
import { renderScreen, stubApi } from '../../../test/render';
import { VerifyEmailPage } from './verify-email-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

describe('Confirm your email address', { timeout: 20_000 }, () => {
  it('changes nothing on opening, and confirms the address when the person presses Confirm', async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: { message: 'Your email address is now a@b.example.' },
    }));
    const { user } = renderScreen(<VerifyEmailPage />, undefined, {
      path: '/verify-email',
      search: '?token=tok1',
    });
    const confirm = await screen.findByRole('button', { name: 'Confirm this address' });
    expect(calls.filter((c) => c.path === '/api/verify-email')).toHaveLength(0);
    await user.click(confirm);
    expect(await screen.findByRole('status')).toHaveTextContent('Your email address is now a@b.example.');
    expect(calls.filter((c) => c.path === '/api/verify-email').map((c) => c.body)).toEqual([
      { token: 'tok1' },
    ]);
  });

  it('says what the server says of a link that no longer works', async () => {
    stubApi(() => ({ status: 400, body: { message: EMAIL_LINK_INVALID } }));
    const { user } = renderScreen(<VerifyEmailPage />, undefined, {
      path: '/verify-email',
      search: '?token=old',
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm this address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_LINK_INVALID);
  });
});
