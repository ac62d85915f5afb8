import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { loadEngine } from '../../../i18n/words';
import { renderScreen, stubApi } from '../../../test/render';
import { SignInPage } from './sign-in-page';

const homes = {
  '/student/home': <p>student area</p>,
  '/teacher/home': <p>teacher area</p>,
  '/admin/home': <p>admin area</p>,
  '/guard/desk': <p>guard area</p>,
  '/guardian/children': <p>guardian area</p>,
};

function setup(login: () => [number, unknown] | Promise<[number, unknown]>, state?: unknown) {
  stubApi(async (call) => {
    if (call.path === '/api/mail/status') return { status: 200, body: { emailEnabled: true } };
    if (call.path === '/api/login') {
      const [status, body] = await login();
      return { status, body };
    }
    if (call.path === '/api/demo-accounts')
      return { status: 200, body: { demoPassword: 'campus123', accounts: [] } };
    return { status: 404, body: { message: 'not found' } };
  });
  renderScreen(<SignInPage />, undefined, {
    routes: {
      ...homes,
      '/student/gatepass': <p>student gate passes</p>,
      '/change-password': <p>choose a new password</p>,
    },
    state,
  });
}

async function submit(userId: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/User ID/), userId);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-in screen', () => {
  it.each([
    ['student', 'student area'],
    ['teacher', 'teacher area'],
    ['admin', 'admin area'],
    ['guardian', 'guardian area'],
  ])('stores the token and sends a %s to their home', async (role, text) => {
    setup(() => [200, { token: 'tok', role, message: 'ok' }]);
    await submit('230001', 'campus123');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(localStorage.getItem('jwtToken')).toBe('tok');
  });

  it('sends a user who signed in with a one-time password to choose a new one, wherever they were going', async () => {
    setup(() => [200, { token: 'tok', role: 'student', message: 'ok', mustChangePassword: true }], {
      from: '/student/gatepass',
    });
    await submit('230001', 'Xk7mP2qRt9Hw3');
    expect(await screen.findByText('choose a new password')).toBeInTheDocument();
    expect(localStorage.getItem('jwtToken')).toBe('tok');
  });

  it('shows the server message on a refused login', async () => {
    setup(() => [401, { message: 'Invalid User ID or password' }]);
    await submit('230001', 'bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid User ID or password');
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it("falls back to 'Login failed' when the server sends no message", async () => {
    setup(() => [500, {}]);
    await submit('230001', 'bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('returns a user to the page they asked for when it is in their area, and says why they are here', async () => {
    setup(() => [200, { token: 'tok', role: 'student' }], {
      notice: 'You were signed out in another tab. Please sign in again.',
      from: '/student/gatepass',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out in another tab. Please sign in again.',
    );
    await submit('230001', 'campus123');
    expect(await screen.findByText('student gate passes')).toBeInTheDocument();
  });

  it('says why the user is here in Hindi when the page is in Hindi, and in English again after', async () => {
    const { i18n } = await loadEngine();
    await act(() => i18n.changeLanguage('hi'));
    try {
      setup(() => [200, { token: 'tok', role: 'student' }], {
        notice: 'Your session has ended. Please sign in again.',
      });
      expect(await screen.findByRole('status')).toHaveTextContent(
        'आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।',
      );
      await act(() => i18n.changeLanguage('en'));
      expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("sends a user home when the page they asked for is another role's", async () => {
    setup(() => [200, { token: 'tok', role: 'student' }], { from: '/teacher/attendance' });
    await submit('230001', 'campus123');
    expect(await screen.findByText('student area')).toBeInTheDocument();
  });

  it('says the User ID is required when it is left empty, without calling the server', async () => {
    const login = vi.fn((): [number, unknown] => [200, {}]);
    setup(login);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'campus123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const field = screen.getByLabelText(/^User ID/);
    await waitFor(() => expect(field).toBeInvalid());
    expect(field).toHaveAccessibleDescription('User ID is required');
    expect(login).not.toHaveBeenCalled();
  });

  it('says on the Password field that it is required when it is left empty', async () => {
    const login = vi.fn((): [number, unknown] => [200, {}]);
    setup(login);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^User ID/), '230001');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const field = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(field).toBeInvalid());
    expect(field).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText(/^User ID/)).toBeValid();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(login).not.toHaveBeenCalled();
  });

  it('reports a success without a token', async () => {
    setup(() => [200, { role: 'student' }]);
    await submit('230001', 'campus123');
    expect(await screen.findByRole('alert')).toHaveTextContent('No token received from server.');
  });

  it('reports an unknown role', async () => {
    setup(() => [200, { token: 'tok', role: 'janitor' }]);
    await submit('230001', 'campus123');
    expect(await screen.findByRole('alert')).toHaveTextContent('User role not found.');
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it('reports a network failure', async () => {
    setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await submit('230001', 'campus123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error. Please try again later.');
  });

  it('refuses a non-numeric User ID without calling the server', async () => {
    const login = vi.fn((): [number, unknown] => [200, {}]);
    setup(login);
    await submit('abc', 'campus123');
    const field = screen.getByLabelText(/^User ID/);
    await waitFor(() => expect(field).toBeInvalid());
    expect(field).toHaveAccessibleDescription('User ID must be numeric');
    expect(login).not.toHaveBeenCalled();
  });

  it('offers Forgot password when the campus sends email, beside Contact support', async () => {
    setup(() => [401, {}]);
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  });

  it('offers no Forgot password when the campus sends no email: Contact support is the way', async () => {
    let mailAnswered = () => {};
    const answered = new Promise<void>((resolve) => (mailAnswered = resolve));
    stubApi(async ({ path }) => {
      if (path === '/api/mail/status') {
        mailAnswered();
        return { status: 200, body: { emailEnabled: false } };
      }
      // The demo accounts come after the answer about email, so once they show, that answer is in.
      await answered;
      return {
        status: 200,
        body: { demoPassword: 'campus123', accounts: [{ role: 'student', userId: 230001, note: 'Demo' }] },
      };
    });
    renderScreen(<SignInPage />);
    expect(await screen.findByRole('cell', { name: '230001' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    expect(screen.queryByRole('link', { name: /Forgot password/ })).toBeNull();
    expect(screen.queryByText(/Forgot password/)).toBeNull();
  });

  it("disables the button and reads 'Submitting...' while the request runs", async () => {
    let release: (v: [number, unknown]) => void = () => {};
    setup(() => new Promise((resolve) => (release = resolve)));
    await submit('230001', 'campus123');
    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button).toBeDisabled();
    release([401, { message: 'Invalid User ID or password' }]);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });
});
