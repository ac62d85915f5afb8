/// <reference lib="webworker" />
/**
 * The service worker: the app's files precached by the build (Workbox's manifest), the page served
 * from the network with the last one kept for offline use, and the signed-in person's own API
 * answers kept per person so that the screens they last saw open without a signal. Decision record
 * 0087.
 *
 * Nothing private is shared between people: each token's answers go to a cache of their own
 * (`campus-api-<digest of the token>`), and the page deletes every such cache at sign-out and when
 * someone signs in (`personal-data.ts`). The page's message `forget` also reaches here, so that an
 * answer still on its way when the caches were deleted is not written back afterwards.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerPushHandlers } from './sw-push';
import { API_CACHE_PREFIX, AS_OF_HEADER, PAGE_CACHE, PAGE_KEY, apiCacheName } from './cache-names';

declare const self: ServiceWorkerGlobalScope;

// `/` is not the precached index.html: the server's page names the campus's locale (see `page`).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
// The first visit's page is controlled at once, so that it works offline without a second visit.
clientsClaim();
registerPushHandlers(self);

// A page to open offline before any navigation has been kept (the first visit's came before this).
self.addEventListener('install', (event: ExtendableEvent) => {
  event.waitUntil(
    caches
      .open(PAGE_CACHE)
      .then(async (cache) => {
        const response = await fetch('/', { credentials: 'omit' });
        if (response.ok) await cache.put(PAGE_KEY, response);
      })
      .catch(() => undefined),
  );
});

/** A new version waits until the person chooses to reload ("A new version is ready"). */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; keep?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'forget') event.waitUntil(forget(data.keep));
  if (data?.type === 'as-of' && event.ports[0]) {
    const source = event.source as Client | null;
    event.ports[0].postMessage({ asOf: (source && servedFromCache.get(source.id)) ?? null });
  }
});

/** Bumped at every `forget`: an answer fetched before it is not kept, unless it is for `kept`. */
let epoch = 0;
let kept: string | undefined;
/** The oldest saved answer each page was given while offline, by client id. */
const servedFromCache = new Map<string, string>();

async function forget(keep: string | undefined): Promise<void> {
  epoch++;
  kept = keep;
  servedFromCache.clear();
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(API_CACHE_PREFIX) && n !== keep).map((n) => caches.delete(n)),
  );
}

/** How long a navigation waits for the network before the saved page is shown (a weak signal). */
const PAGE_TIMEOUT_MS = 4000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * The page from the server (which names the campus's locale and the screen's code in it), kept as
 * the one offline page: every address of the app is the same page. Offline, the kept page, else the
 * build's own index.html.
 */
async function page(event: FetchEvent): Promise<Response> {
  try {
    const response = await withTimeout(fetch(event.request), PAGE_TIMEOUT_MS);
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      event.waitUntil(caches.open(PAGE_CACHE).then((cache) => cache.put(PAGE_KEY, copy)));
    }
    return response;
  } catch (err) {
    const saved =
      (await caches.match(PAGE_KEY, { cacheName: PAGE_CACHE })) ?? (await matchPrecache('/index.html'));
    if (saved) return saved;
    throw err;
  }
}

async function digest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return [...bytes.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A signed-in GET: from the network, its answer kept in the person's cache; without a network, the
 * kept answer, marked with when it was kept (the page's "Offline, as of 09:12").
 */
async function personal(event: FetchEvent, token: string): Promise<Response> {
  const started = epoch;
  const name = apiCacheName(await digest(token));
  const mayKeep = () => started === epoch || name === kept;
  try {
    const response = await fetch(event.request);
    // Back online: the page's screens are read afresh (a regained network refetches them).
    if (event.clientId) servedFromCache.delete(event.clientId);
    if (response.ok && mayKeep()) {
      const clone = response.clone();
      event.waitUntil(
        (async () => {
          const headers = new Headers(clone.headers);
          headers.set(AS_OF_HEADER, new Date().toISOString());
          const copy = new Response(await clone.arrayBuffer(), { status: clone.status, headers });
          const cache = await caches.open(name);
          if (mayKeep()) await cache.put(event.request, copy);
        })(),
      );
    }
    return response;
  } catch (err) {
    const saved = await caches.match(event.request, { cacheName: name });
    if (!saved) throw err;
    const asOf = saved.headers.get(AS_OF_HEADER);
    const client = event.clientId;
    if (asOf && client) {
      const before = servedFromCache.get(client);
      if (!before || asOf < before) servedFromCache.set(client, asOf);
    }
    return saved;
  }
}

self.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/api/')) return;
    event.respondWith(page(event));
    return;
  }
  if (!url.pathname.startsWith('/api/')) return;
  // Live updates (a stream) and downloads are not kept.
  if (request.headers.get('accept') !== 'application/json') return;
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return;
  event.respondWith(personal(event, token));
});
