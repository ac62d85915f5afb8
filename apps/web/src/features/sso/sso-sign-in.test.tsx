import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SSO_REFUSALS } from '@campus/contract';
import { renderScreen, stubApi } from '../../test/render';
import { SignInPage } from '../auth/pages/sign-in-page';

function setup(search: string, enabled = true) {
  const api = stubApi((call) => {
    if (call.path === '/api/auth/sso/status')
      return { status: 200, body: { enabled, label: enabled ? 'Sign in with Example University' : '' } };
    if (call.path === '/api/auth/sso/session')
      return { status: 200, body: { token: 'sso-token', role: 'student' } };
    if (call.path === '/api/mail/status') return { status: 200, body: { emailEnabled: false } };
    if (call.path === '/api/demo-accounts') return { status: 200, body: { demoPassword: 'x', accounts: [] } };
    return { status: 404, body: { message: 'not found' } };
  });
  renderScreen(<SignInPage />, undefined, { search, routes: { '/student/home': <p>student area</p> } });
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('university sign-in on the sign-in page', () => {
  it('offers the button, leading to the server’s start', async () => {
    setup('');
    const button = await screen.findByRole('link', { name: 'Sign in with Example University' });
    expect(button).toHaveAttribute('href', '/api/auth/sso');
  });

  it('shows no button when the campus has no single sign-on', async () => {
    setup('', false);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('says why the callback refused', async () => {
    setup('?sso=unknown-user');
    expect(await screen.findByRole('alert')).toHaveTextContent(SSO_REFUSALS['unknown-user']);
  });

  it('takes the session the callback made and goes home', async () => {
    setup('?sso=done');
    expect(await screen.findByText('student area')).toBeInTheDocument();
    expect(localStorage.getItem('jwtToken')).toBe('sso-token');
  });
});
