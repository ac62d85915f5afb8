/** The queue of marks kept on the device, for tests: kept in memory instead of IndexedDB. */
import type { QueueStore, QueuedMarks } from '../pwa/mark-queue';

/** A store of queued marks in memory; `entries` shows what it holds. */
export function memoryStore(): QueueStore & { entries: Map<string, QueuedMarks> } {
  const entries = new Map<string, QueuedMarks>();
  return {
    entries,
    all: () => Promise.resolve([...entries.values()].map((e) => structuredClone(e))),
    get: (id) => Promise.resolve(entries.has(id) ? structuredClone(entries.get(id)!) : undefined),
    put: (entry) => {
      entries.set(entry.id, structuredClone(entry));
      return Promise.resolve();
    },
    delete: (id) => {
      entries.delete(id);
      return Promise.resolve();
    },
  };
}

/** A token with the claims the queue reads (its signature is the server's business). */
export const tokenOf = (claims: object) =>
  `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
