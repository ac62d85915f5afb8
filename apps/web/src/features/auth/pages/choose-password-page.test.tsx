import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, renderScreen, stubApi } from '../../../test/render';
import { ChoosePasswordPage } from './choose-password-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ROUTES = { '/': <p>sign-in screen</p>, '/student/home': <p>student home</p> };
const decoded = (mustChangePassword: boolean) => ({
  decoded: {
    role: 'student',
    name: 'Kavya Menon',
    email: 'kavya@campus.test',
    RollNo: 240101,
    exp: 4_102_444_800,
    ...(mustChangePassword ? { mustChangePassword: true } : {}),
  },
});

function renderPage() {
  localStorage.setItem('jwtToken', 'tok');
  return renderScreen(<ChoosePasswordPage />, undefined, { path: '/change-password', routes: ROUTES });
}

describe('Choose a new password', { timeout: 20_000 }, () => {
  it('asks for the new password twice alike and at least 8 characters, before sending anything', async () => {
    const calls = stubApi(() => ({ status: 200, body: decoded(true) }));
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('One-time password is required')).toBeVisible();
    await fill(user, screen.getByLabelText(/^One-time password/), 'Xk7mP2qRt9Hw3');
    await fill(user, screen.getByLabelText(/^New password/), 'short');
    await fill(user, screen.getByLabelText(/^Confirm new password/), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password must be at least 8 characters')).toBeVisible();
    expect(screen.getByText('The new passwords do not match')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/change-password')).toEqual([]);
  });

  it('changes the password and lands at the role home once the identity no longer asks for it', async () => {
    let changed = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/change-password') {
        changed = true;
        return {
          status: 200,
          body: { message: 'Password changed. Your other sessions have been signed out.' },
        };
      }
      return { status: 200, body: decoded(!changed) };
    });
    const { user } = renderPage();
    await fill(user, await screen.findByLabelText(/^One-time password/), 'Xk7mP2qRt9Hw3');
    await fill(user, screen.getByLabelText(/^New password/), 'my own password 7');
    await fill(user, screen.getByLabelText(/^Confirm new password/), 'my own password 7');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('student home')).toBeVisible();
    expect(calls.find((c) => c.path === '/api/change-password')?.body).toEqual({
      currentPassword: 'Xk7mP2qRt9Hw3',
      newPassword: 'my own password 7',
    });
    expect(calls.filter((c) => c.path.startsWith('/api/post-data-from-token/'))).toHaveLength(2);
  });

  it("shows the server's refusal of a wrong one-time password", async () => {
    stubApi((call) =>
      call.path === '/api/change-password'
        ? { status: 400, body: { message: 'The current password is not correct' } }
        : { status: 200, body: decoded(true) },
    );
    const { user } = renderPage();
    await fill(user, await screen.findByLabelText(/^One-time password/), 'wrong');
    await fill(user, screen.getByLabelText(/^New password/), 'my own password 7');
    await fill(user, screen.getByLabelText(/^Confirm new password/), 'my own password 7');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct');
  });

  it('sends a signed-out visitor to sign in', async () => {
    stubApi(() => ({ status: 401, body: { message: 'Sign in to continue' } }));
    renderScreen(<ChoosePasswordPage />, undefined, { path: '/change-password', routes: ROUTES });
    expect(await screen.findByText('sign-in screen')).toBeVisible();
  });
});
