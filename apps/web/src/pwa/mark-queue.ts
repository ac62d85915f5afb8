/**
 * Lecture marks and a group's day marks made without a signal, waiting on the device (IndexedDB)
 * until the network returns, then sent once each, in the order they were made. Each send carries the mark the teacher saw
 * (`was`): when someone else marked the student meanwhile, the server saves nothing and answers
 * with both, and the marks wait for the teacher's choice (keep mine / keep theirs). Decision record
 * 0087.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type {
  AttendanceStatus,
  DayMarkConflict,
  LectureMarkConflict,
  LectureMarkInput,
  LectureStatus,
} from '@campus/contract';
import { api, ApiError, NetworkError } from '../lib/api-client';
import { beforeSignOut } from '../lib/before-sign-out';
import { getToken } from '../lib/session-store';
import { readClaims } from '../lib/token-claims';

/** A lecture mark as queued: the one to save, and the one the teacher saw (null: none). */
export type QueuedMark = LectureMarkInput & { was: LectureStatus | null };
/** A day mark as queued (POST /api/mark-attendance's record with `was`). */
export interface QueuedDayMark {
  studentId: number;
  status: AttendanceStatus;
  was: AttendanceStatus | null;
  overrideLeave?: boolean;
}

interface QueuedBase {
  /** Made on the device: the queue's key, and what a repeat of the same send is known by. */
  id: string;
  /** Whose marks they are (role and id from the token): only they send or see them. */
  account: string;
  date: string;
  /** What was marked, in words: "Physics (PH101), CSE-A, Monday 7 December", "CSE-A, 7 Dec 2026". */
  label: string;
  queuedAt: string;
  /** The server refused the marks for another reason (the lecture was cancelled, say). */
  refused?: string;
}

/** A lecture's marks (entries kept before day marks were queued have no `kind`). */
export interface QueuedLecture extends QueuedBase {
  kind?: 'lecture';
  periodId: string;
  records: QueuedMark[];
  /** Students marked meanwhile by someone else: the teacher chooses before anything is sent. */
  conflicts?: LectureMarkConflict['conflicts'];
}

/** A group's day marks. */
export interface QueuedDay extends QueuedBase {
  kind: 'day';
  group: string;
  records: QueuedDayMark[];
  conflicts?: DayMarkConflict['conflicts'];
}

export type QueuedMarks = QueuedLecture | QueuedDay;

/** What the marks are of: later marks of the same lecture or group's day wait behind a conflict. */
export const targetOf = (entry: QueuedMarks): string =>
  entry.kind === 'day' ? `day|${entry.group}|${entry.date}` : `lecture|${entry.periodId}|${entry.date}`;

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

async function enqueue<T extends QueuedMarks>(marks: Omit<T, 'id' | 'account' | 'queuedAt'>): Promise<T> {
  const account = accountOf(getToken());
  if (!account) throw new Error('Sign in to mark');
  const entry = { ...marks, id: crypto.randomUUID(), account, queuedAt: new Date().toISOString() } as T;
  await store.put(entry);
  changed();
  return entry;
}

/** Queues a lecture's marks for the signed-in person. */
export const queueMarks = (marks: Pick<QueuedLecture, 'periodId' | 'date' | 'label' | 'records'>) =>
  enqueue<QueuedLecture>(marks);

/** Queues a group's day marks for the signed-in person. */
export const queueDayMarks = (marks: Pick<QueuedDay, 'group' | 'date' | 'label' | 'records'>) =>
  enqueue<QueuedDay>({ ...marks, kind: 'day' });

/** Deletes every queued mark but the signed-in person's (none at sign-out). */
export async function keepOnlyMarksOf(token: string | null): Promise<void> {
  const account = accountOf(token);
  for (const entry of await store.all()) {
    if (entry.account !== account) await store.delete(entry.id);
  }
  changed();
}

export type Send = (marks: QueuedMarks) => Promise<unknown>;

/** The server's mark call, with each mark's `was`: a lecture's, or the day's (SPEC §7's, `was` added). */
export const sendMarks: Send = (entry) =>
  entry.kind === 'day'
    ? api('/api/mark-attendance', {
        method: 'POST',
        body: { date: entry.date, attendanceRecords: entry.records },
      })
    : api(`/api/lectures/${encodeURIComponent(entry.periodId)}/${encodeURIComponent(entry.date)}/marks`, {
        method: 'POST',
        body: { records: entry.records },
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
        const lecture = targetOf(entry);
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
          const updated = (
            err.status === 409 && Array.isArray(body?.conflicts)
              ? { ...entry, conflicts: body.conflicts }
              : { ...entry, refused: err.serverMessage ?? err.message }
          ) as QueuedMarks;
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
  const theirs = new Map<number, string | null>(entry.conflicts.map((c) => [c.studentId, c.theirs]));
  const all: (QueuedMark | QueuedDayMark)[] = entry.records;
  const records =
    keep === 'mine'
      ? all.map((r) => (theirs.has(r.studentId) ? { ...r, was: theirs.get(r.studentId) ?? null } : r))
      : all.filter((r) => !theirs.has(r.studentId));
  if (records.length === 0) await store.delete(id);
  else await store.put({ ...entry, conflicts: undefined, records } as QueuedMarks);
  changed();
}

/** Drops queued marks the server refused (the teacher has read why). */
export async function discardMarks(id: string): Promise<void> {
  await store.delete(id);
  changed();
}

// A sign-out sends the waiting marks first, while the session still stands (only once this module is in use).
beforeSignOut(() => syncMarks());
