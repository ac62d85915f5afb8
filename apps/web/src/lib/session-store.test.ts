import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
});

describe('why a session ended', () => {
  it('is still known after the page is loaded again in the same tab, until the next sign-in', async () => {
    const first = await import('./session-store');
    first.setToken('a.b.c');
    first.endSession('Your session has ended. Please sign in again.');
    expect(first.getToken()).toBeNull();

    vi.resetModules();
    const reloaded = await import('./session-store');
    expect(reloaded.sessionEndedNotice()).toBe('Your session has ended. Please sign in again.');
    reloaded.setToken('d.e.f');
    expect(reloaded.sessionEndedNotice()).toBeUndefined();

    vi.resetModules();
    expect((await import('./session-store')).sessionEndedNotice()).toBeUndefined();
  });

  it('is forgotten when the user signs out on purpose', async () => {
    const store = await import('./session-store');
    store.endSession('Your session has ended. Please sign in again.');
    store.clearToken();
    vi.resetModules();
    expect((await import('./session-store')).sessionEndedNotice()).toBeUndefined();
  });
});

describe('a Logout that a 401 overtakes', () => {
  it('still counts as signing out on purpose from the page it began on, with no ended-session notice', async () => {
    const store = await import('./session-store');
    store.setToken('a.b.c');
    window.history.replaceState(null, '', '/student/gatepass?tab=approved');
    store.beginSignOut();
    // A request in flight meets the revoked session before the Logout's own answer is back.
    store.endSession('Your session has ended. Please sign in again.');
    window.history.replaceState(null, '', '/');
    store.clearToken();
    expect(store.getToken()).toBeNull();
    expect(store.sessionEndedNotice()).toBeUndefined();
    expect(
      store.signedOutOnPurpose({ pathname: '/student/gatepass', search: '?tab=approved', hash: '' }),
    ).toBe(true);
  });
});
