import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { beginSignOut, clearToken, endSession } from '../lib/session-store';
import enCommon from '../i18n/locales/en/common.json';
import hiCommon from '../i18n/locales/hi/common.json';
import { loadEngine, useCommonWords } from '../i18n/words';
import { noticeIn, readSignInState, SIGN_IN_NOTICES } from '../lib/sign-in-state';
import { renderScreen, stubApi } from '../test/render';
import { RequireRole, SessionWatcher } from './guards';

/** The sign-in screen as the tests see it: what it was told, and where it would return the user. */
function SignInStand() {
  const { notice, from } = readSignInState(useLocation().state);
  return (
    <p>
      sign-in screen; notice: {notice ?? 'none'}; from: {from ?? 'none'}
    </p>
  );
}

/** The sign-in screen's notice as it shows it, in the page's language. */
function ShownNotice() {
  const { t } = useCommonWords();
  const { notice } = readSignInState(useLocation().state);
  return <p>shown: {notice ? noticeIn(t, notice) : 'none'}</p>;
}

const decoded = (role: string) => ({ decoded: { role, name: 'Asha', email: 'a@x.edu', exp: 9999999999 } });
const routes = {
  '/': <SignInStand />,
  '/student/home': <p>student home</p>,
  '/teacher/home': <p>teacher home</p>,
};

function renderTeacherArea([status, body]: [number, unknown]) {
  stubApi(() => ({ status, body }));
  renderScreen(
    <RequireRole role="teacher">{(s) => <p>teacher area of {s.name}</p>}</RequireRole>,
    undefined,
    {
      path: '/teacher/area',
      routes,
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
  localStorage.clear();
});

describe('RequireRole', () => {
  it('sends a signed-out visitor to the sign-in screen, remembering the page they asked for', async () => {
    renderTeacherArea([200, decoded('teacher')]);
    expect(
      await screen.findByText('sign-in screen; notice: Please sign in to continue.; from: /teacher/area'),
    ).toBeInTheDocument();
  });

  it('lets the right role in', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderTeacherArea([200, decoded('teacher')]);
    expect(await screen.findByText('teacher area of Asha')).toBeInTheDocument();
  });

  it('keeps a student in the student area', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderTeacherArea([200, decoded('student')]);
    expect(await screen.findByText('student home')).toBeInTheDocument();
  });

  it('keeps the token and offers a retry when the server cannot be reached', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderTeacherArea([503, { message: 'unavailable' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching data');
    expect(localStorage.getItem('jwtToken')).toBe('tok');
  });

  it('sends an expired session back to sign in', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderTeacherArea([401, { message: 'Your session has ended. Please sign in again.' }]);
    expect(
      await screen.findByText(
        'sign-in screen; notice: Your session has ended. Please sign in again.; from: /teacher/area',
      ),
    ).toBeInTheDocument();
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  // In the browser the move to the sign-in screen is a transition: the session check can answer and
  // render this guard again after another call's 401 has already ended the session.
  it('still says the session ended when it renders after the session was ended', async () => {
    endSession('Your session has ended. Please sign in again.');
    renderTeacherArea([401, { message: 'Sign in to continue' }]);
    expect(
      await screen.findByText(
        'sign-in screen; notice: Your session has ended. Please sign in again.; from: /teacher/area',
      ),
    ).toBeInTheDocument();
  });

  it('after Logout on a page, leads to a fresh sign-in screen: the next person does not land there', async () => {
    window.history.replaceState(null, '', '/teacher/area');
    clearToken();
    window.history.replaceState(null, '', '/');
    renderTeacherArea([200, decoded('teacher')]);
    expect(await screen.findByText('sign-in screen; notice: none; from: none')).toBeInTheDocument();
  });

  it('forgets why the last session ended once the user signs out on purpose', async () => {
    endSession('Your session has ended. Please sign in again.');
    clearToken();
    renderTeacherArea([200, decoded('teacher')]);
    expect(
      await screen.findByText('sign-in screen; notice: Please sign in to continue.; from: /teacher/area'),
    ).toBeInTheDocument();
  });
});

describe('SessionWatcher', () => {
  function renderWatchedPage() {
    renderScreen(
      <>
        <SessionWatcher />
        <p>gate pass page</p>
      </>,
      undefined,
      { path: '/student/gatepass', routes },
    );
  }

  it('leaves the page when another tab signs out, saying so and remembering the page', async () => {
    localStorage.setItem('jwtToken', 'tok');
    renderWatchedPage();
    expect(screen.getByText('gate pass page')).toBeInTheDocument();
    localStorage.removeItem('jwtToken');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'jwtToken', oldValue: 'tok', newValue: null }));
    });
    expect(
      await screen.findByText(
        'sign-in screen; notice: You were signed out in another tab. Please sign in again.; from: /student/gatepass',
      ),
    ).toBeInTheDocument();
  });

  it('ignores changes to other keys', () => {
    localStorage.setItem('jwtToken', 'tok');
    renderWatchedPage();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue: null, newValue: 'dark' }));
    });
    expect(screen.getByText('gate pass page')).toBeInTheDocument();
  });

  it('ends the page when a signed-in call answers 401 for the token the tab holds', async () => {
    localStorage.setItem('jwtToken', 'tok');
    stubApi(() => ({ status: 401, body: { message: 'Sign in to continue' } }));
    renderWatchedPage();
    await act(async () => {
      await api('/api/gatepasses/pending/230001').catch(() => undefined);
    });
    expect(
      await screen.findByText(
        'sign-in screen; notice: Your session has ended. Please sign in again.; from: /student/gatepass',
      ),
    ).toBeInTheDocument();
  });

  it('leaves a sign-out on purpose fresh when a call answers 401 while it runs', async () => {
    localStorage.setItem('jwtToken', 'tok');
    stubApi(() => ({ status: 401, body: { message: 'Sign in to continue' } }));
    window.history.replaceState(null, '', '/student/gatepass');
    renderWatchedPage();
    beginSignOut();
    await act(async () => {
      await api('/api/gatepasses/pending/230001').catch(() => undefined);
    });
    expect(await screen.findByText('sign-in screen; notice: none; from: none')).toBeInTheDocument();
  });

  it('ignores a 401 for a token the tab no longer holds: the sign-out that removed it leads', async () => {
    localStorage.setItem('jwtToken', 'old');
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderWatchedPage();
    const call = api('/api/gatepasses/pending/230001').catch(() => undefined);
    localStorage.removeItem('jwtToken');
    await act(async () => {
      answer(new Response(JSON.stringify({ message: 'Sign in to continue' }), { status: 401 }));
      await call;
    });
    expect(screen.getByText('gate pass page')).toBeInTheDocument();
  });

  it('does not treat a refused sign-in as an ended session', async () => {
    stubApi(() => ({ status: 401, body: { message: 'Invalid User ID or password' } }));
    renderWatchedPage();
    await act(async () => {
      await api('/api/login', { method: 'POST', body: {}, auth: false }).catch(() => undefined);
    });
    expect(screen.getByText('gate pass page')).toBeInTheDocument();
  });
});

describe('a one-time password waiting to be replaced', () => {
  it('sends every role-area address to Choose a new password', async () => {
    localStorage.setItem('jwtToken', 'tok');
    stubApi(() => ({
      status: 200,
      body: { decoded: { ...decoded('teacher').decoded, mustChangePassword: true } },
    }));
    renderScreen(
      <RequireRole role="teacher">{(s) => <p>teacher area of {s.name}</p>}</RequireRole>,
      undefined,
      {
        path: '/teacher/area',
        routes: { ...routes, '/change-password': <p>choose a new password</p> },
      },
    );
    expect(await screen.findByText('choose a new password')).toBeInTheDocument();
    expect(screen.queryByText('teacher area of Asha')).toBeNull();
  });
});

describe('the notices the guards send', () => {
  it('are each in the common catalogue, in English word for word and in Hindi', () => {
    for (const [key, english] of Object.entries(SIGN_IN_NOTICES)) {
      expect(enCommon.signIn.notices).toHaveProperty(key, english);
      expect(hiCommon.signIn.notices).toHaveProperty(key);
    }
  });

  it('reach the sign-in screen in Hindi when the page is in Hindi', async () => {
    const { i18n } = await loadEngine();
    await act(() => i18n.changeLanguage('hi'));
    try {
      stubApi(() => ({ status: 200, body: decoded('teacher') }));
      renderScreen(<RequireRole role="teacher">{() => <p>teacher area</p>}</RequireRole>, undefined, {
        path: '/teacher/area',
        routes: { '/': <ShownNotice /> },
      });
      expect(await screen.findByText('shown: जारी रखने के लिए कृपया साइन इन करें।')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
