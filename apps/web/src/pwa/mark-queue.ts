/**
 * Lecture marks made without a signal, waiting on the device (IndexedDB) until the network returns,
 * then sent once each, in the order they were made. Each send carries the mark the teacher saw
 * (`was`): when someone else marked the student meanwhile, the server saves nothing and answers
 * with both, and the marks wait for the teacher's choice (keep mine / keep theirs). Decision record
 * 0087.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { LectureMarkConflict, LectureMarkInput, LectureStatus } from '@campus/contract';
import { api, ApiError, NetworkError } from '../lib/api-client';
import { beforeSignOut } from '../lib/before-sign-out';
import { getToken } from '../lib/session-store';
import { readClaims } from '../lib/token-claims';

/** A mark as queued: the one to save, and the one the teacher saw (null: none). */
export type QueuedMark = LectureMarkInput & { was: LectureStatus | null };

export interface QueuedMarks {
  /** Made on the device: the queue's key, and what a repeat of the same send is known by. */
  id: string;
  /** Whose marks they are (role and id from the token): only they send or see them. */
  account: string;
  periodId: string;
  date: string;
  /** The lecture in words: "Physics (PH101), CSE-A, Monday 7 December". */
  label: string;
  records: QueuedMark[];
  queuedAt: string;
  /** Students marked meanwhile by someone else: the teacher chooses before anything is sent. */
  conflicts?: LectureMarkConflict['conflicts'];
  /** The server refused the marks for another reason (the lecture was cancelled, say). */
  refused?: string;
}

interface QueueDb extends DBSchema {
  marks: { key: string; value: QueuedMarks; indexes: { account: string } };
}

const DB_NAME = 'campus-offline';

/** Where the queue is kept: IndexedDB on the device; tests give one in memory. */
export interface QueueStore {
  all(): Promise<QueuedMarks[]>;
  get(id: string): Promise<QueuedMarks | undefined>;
  put(entry: QueuedMarks): Promise<void>;
  delete(id: string): Promise<void>;
}

let opened: Promise<IDBPDatabase<QueueDb>> | null = null;
function db(): Promise<IDBPDatabase<QueueDb>> {
  opened ??= openDB<QueueDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('marks', { keyPath: 'id' }).createIndex('account', 'account');
    },
  });
  return opened;
}

const indexedStore: QueueStore = {
  all: async () => (await db()).getAll('marks'),
  get: async (id) => (await db()).get('marks', id),
  put: async (entry) => {
    await (await db()).put('marks', entry);
  },
  delete: async (id) => (await db()).delete('marks', id),
};

let store: QueueStore = indexedStore;
/** Keeps the queue elsewhere (tests); without a store, in IndexedDB again. */
export function setQueueStore(other: QueueStore | null): void {
  store = other ?? indexedStore;
}

/** The account a token belongs to, as `role:id`; null without one. */
export function accountOf(token: string | null): string | null {
  if (!token) return null;
  const claims = readClaims(token);
  if (!claims?.role) return null;
  const id = claims.teacherId ?? claims.adminId ?? claims.RollNo;
  return `${claims.role}:${id ?? ''}`;
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** Called whenever the queue changes (marks added, sent, in conflict). */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

/** The signed-in person's queued marks, oldest first. */
export async function queuedMarks(account = accountOf(getToken())): Promise<QueuedMarks[]> {
  if (!account) return [];
  const all = (await store.all()).filter((q) => q.account === account);
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** How many marks wait, over every queued lecture. */
export const waitingCount = (queued: readonly QueuedMarks[]): number =>
  queued.reduce((n, q) => n + q.records.length, 0);

/** Queues a lecture's marks for the signed-in person. */
export async function queueMarks(
  marks: Pick<QueuedMarks, 'periodId' | 'date' | 'label' | 'records'>,
): Promise<QueuedMarks> {
  const account = accountOf(getToken());
  if (!account) throw new Error('Sign in to mark');
  const entry: QueuedMarks = {
    ...marks,
    id: crypto.randomUUID(),
    account,
    queuedAt: new Date().toISOString(),
  };
  await store.put(entry);
  changed();
  return entry;
}

/** Deletes every queued mark but the signed-in person's (none at sign-out). */
export async function keepOnlyMarksOf(token: string | null): Promise<void> {
  const account = accountOf(token);
  for (const entry of await store.all()) {
    if (entry.account !== account) await store.delete(entry.id);
  }
  changed();
}

export type Send = (marks: QueuedMarks) => Promise<unknown>;

/** The server's mark call, with each mark's `was`. */
export const sendMarks: Send = ({ periodId, date, records }) =>
  api(`/api/lectures/${encodeURIComponent(periodId)}/${encodeURIComponent(date)}/marks`, {
    method: 'POST',
    body: { records },
  });

let running: Promise<number> | null = null;

/**
 * Sends the signed-in person's waiting marks, oldest first, and answers how many lectures were
 * saved. One run at a time (a second call while one runs joins it), so each is sent once; a
 * network failure stops the run with the rest still waiting. A lecture in conflict, and every later
 * one of the same lecture, waits for the teacher.
 */
export function syncMarks(send: Send = sendMarks): Promise<number> {
  running ??= (async () => {
    let saved = 0;
    const blocked = new Set<string>();
    try {
      for (const entry of await queuedMarks()) {
        const lecture = `${entry.periodId}|${entry.date}`;
        if (entry.conflicts || entry.refused || blocked.has(lecture)) {
          blocked.add(lecture);
          continue;
        }
        try {
          await send(entry);
          await store.delete(entry.id);
          saved++;
        } catch (err) {
          if (err instanceof NetworkError) break;
          if (!(err instanceof ApiError) || err.status === 401 || err.status >= 500) break;
          blocked.add(lecture);
          const body = err.body as Partial<LectureMarkConflict> | undefined;
          const updated: QueuedMarks =
            err.status === 409 && Array.isArray(body?.conflicts)
              ? { ...entry, conflicts: body.conflicts }
              : { ...entry, refused: err.serverMessage ?? err.message };
          await store.put(updated);
        }
        changed();
      }
    } finally {
      running = null;
    }
    return saved;
  })();
  return running;
}

/**
 * The teacher's choice for marks in conflict. `mine`: send them over the marks made meanwhile (the
 * marks now seen are those). `theirs`: keep the marks made meanwhile and send only the rest.
 */
export async function resolveConflict(id: string, keep: 'mine' | 'theirs'): Promise<void> {
  const entry = await store.get(id);
  if (!entry?.conflicts) return;
  const theirs = new Map(entry.conflicts.map((c) => [c.studentId, c.theirs]));
  const records =
    keep === 'mine'
      ? entry.records.map((r) =>
          theirs.has(r.studentId) ? { ...r, was: theirs.get(r.studentId) ?? null } : r,
        )
      : entry.records.filter((r) => !theirs.has(r.studentId));
  if (records.length === 0) await store.delete(id);
  else await store.put({ ...entry, conflicts: undefined, records });
  changed();
}

/** Drops queued marks the server refused (the teacher has read why). */
export async function discardMarks(id: string): Promise<void> {
  await store.delete(id);
  changed();
}

// A sign-out sends the waiting marks first, while the session still stands (only once this module is in use).
beforeSignOut(() => syncMarks());
