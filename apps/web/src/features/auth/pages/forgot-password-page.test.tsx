import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_OFF_RESET_MESSAGE, FORGOT_PASSWORD_ANSWER } from '@campus/contract';
import { fill, renderScreen, stubApi } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Forgot password', { timeout: 20_000 }, () => {
  it('asks for the User ID and shows the one answer the server gives', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/mail/status'
        ? { status: 200, body: { emailEnabled: true } }
        : { status: 200, body: { message: FORGOT_PASSWORD_ANSWER } },
    );
    const { user } = renderScreen(<ForgotPasswordPage />, undefined, { path: '/forgot-password' });
    await fill(user, await screen.findByLabelText(/^User ID/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your User ID');
    await user.clear(screen.getByLabelText(/^User ID/));
    await fill(user, screen.getByLabelText(/^User ID/), '230001');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_ANSWER)).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/forgot-password').map((c) => c.body)).toEqual([
      { userId: '230001' },
    ]);
  });

  it('says to ask an admin when the campus sends no email', async () => {
    stubApi(() => ({ status: 200, body: { emailEnabled: false } }));
    renderScreen(<ForgotPasswordPage />, undefined, { path: '/forgot-password' });
    expect(await screen.findByText(EMAIL_OFF_RESET_MESSAGE)).toBeVisible();
    expect(screen.queryByLabelText(/^User ID/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  });
});

describe('Reset password', { timeout: 20_000 }, () => {
  it('sets the new password typed twice alike with the token of the link', async () => {
    const calls = stubApi(() => ({ status: 200, body: { message: 'Your password was changed.' } }));
    const { user } = renderScreen(<ResetPasswordPage />, undefined, {
      path: '/reset',
      search: '?token=tok123',
    });
    await fill(user, await screen.findByLabelText(/^New password/), 'a new password 9');
    await fill(user, screen.getByLabelText(/^Confirm new password/), 'a different one 9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords differ');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await fill(user, screen.getByLabelText(/^Confirm new password/), 'a new password 9');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password was changed.')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/reset-password').map((c) => c.body)).toEqual([
      { token: 'tok123', newPassword: 'a new password 9' },
    ]);
  });
});
