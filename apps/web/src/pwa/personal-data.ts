/**
 * What the device keeps of a person, deleted when they sign out and when someone signs in: their
 * kept API answers (Cache Storage, written by the service worker) and the marks they queued offline
 * (IndexedDB) unless the one signing in is the same person. Decision record 0087.
 *
 * Called from the session store, so it stays small: the queue's code is loaded only when needed.
 */
import { API_CACHE_PREFIX, apiCacheName } from './cache-names';

/** The first 12 bytes of the token's SHA-256, in hex: the name of its answers' cache. */
export async function tokenDigest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return [...bytes.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Deletes every kept API answer but those of `keep` (the token just signed in), and tells the worker. */
export async function forgetAnswers(keep?: string): Promise<void> {
  const kept = keep ? apiCacheName(await tokenDigest(keep)) : undefined;
  // The worker drops an answer still on its way, which would otherwise be written after this.
  navigator.serviceWorker?.controller?.postMessage({ type: 'forget', keep: kept });
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(API_CACHE_PREFIX) && n !== kept).map((n) => caches.delete(n)),
  );
}

let pending: Promise<void> = Promise.resolve();

/**
 * Forgets the person's kept data: at sign-out (no token) everything, the queued marks too; at a
 * sign-in, every other person's. Runs in order: a sign-out and a sign-in a moment later do not cross.
 */
export function forgetPersonalData(signedIn: string | null): Promise<void> {
  pending = pending
    .then(async () => {
      await forgetAnswers(signedIn ?? undefined);
      if (typeof indexedDB === 'undefined') return;
      const { keepOnlyMarksOf } = await import('./mark-queue');
      await keepOnlyMarksOf(signedIn);
    })
    .catch(() => undefined);
  return pending;
}

/** Resolves once the data of earlier sign-outs and sign-ins has been deleted (for tests and sign-in). */
export const personalDataForgotten = (): Promise<void> => pending;
