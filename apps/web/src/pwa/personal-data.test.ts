import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@campus/contract';
import { API_CACHE_PREFIX, PAGE_CACHE } from './cache-names';

/** Cache Storage as the page sees it: only the names matter here. */
function fakeCaches(names: string[]) {
  const held = new Set(names);
  return {
    held,
    keys: vi.fn(() => Promise.resolve([...held])),
    delete: vi.fn((name: string) => Promise.resolve(held.delete(name))),
  };
}

const postMessage = vi.fn();
let caches: ReturnType<typeof fakeCaches>;

beforeEach(() => {
  vi.resetModules();
  postMessage.mockReset();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: { postMessage } },
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'caches');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function withCaches(names: string[]) {
  caches = fakeCaches(names);
  vi.stubGlobal('caches', caches);
  const store = await import('../lib/session-store');
  const data = await import('./personal-data');
  return { store, data };
}

describe('what the device kept of a person', () => {
  it('is deleted at sign-out: every kept answer, while the app’s own files stay', async () => {
    const { store, data } = await withCaches([
      `${API_CACHE_PREFIX}aaaa`,
      `${API_CACHE_PREFIX}bbbb`,
      PAGE_CACHE,
      'workbox-precache-v2-http://localhost/',
    ]);
    store.setToken('first.person.token');
    await data.personalDataForgotten();
    store.clearToken();
    await data.personalDataForgotten();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect([...caches.held]).toEqual([PAGE_CACHE, 'workbox-precache-v2-http://localhost/']);
    // The worker drops an answer still on its way, which would otherwise be written afterwards.
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'forget', keep: undefined });
  });

  it('is deleted when someone else signs in, who keeps only their own', async () => {
    const { store, data } = await withCaches([]);
    const second = 'second.person.token';
    const own = `${API_CACHE_PREFIX}${await data.tokenDigest(second)}`;
    caches.held.add(`${API_CACHE_PREFIX}first`);
    caches.held.add(own);
    store.setToken(second);
    await data.personalDataForgotten();
    expect([...caches.held]).toEqual([own]);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'forget', keep: own });
  });

  it('is deleted when the session ends for the server’s reasons', async () => {
    const { store } = await withCaches([`${API_CACHE_PREFIX}first`]);
    store.setToken('first.person.token');
    store.endSession('Your session has ended. Please sign in again.');
    await vi.waitFor(() => expect(caches.held.size).toBe(0));
  });

  it('gives each sign-in a cache of its own name', async () => {
    const { data } = await withCaches([]);
    const a = await data.tokenDigest('a.b.c');
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(await data.tokenDigest('a.b.d')).not.toBe(a);
  });
});
