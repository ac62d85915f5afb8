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
