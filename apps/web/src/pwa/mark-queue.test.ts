import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@campus/contract';
import { ApiError, NetworkError } from '../lib/api-client';
import {
  keepOnlyMarksOf,
  queueMarks,
  queuedMarks,
  resolveConflict,
  setQueueStore,
  syncMarks,
  waitingCount,
  queueDayMarks,
  type QueuedLecture,
  type QueuedMark,
  type QueuedMarks,
} from './mark-queue';
import { memoryStore, tokenOf } from '../test/mark-queue';

const periodOf = (marks: QueuedMarks) => (marks as QueuedLecture).periodId;

const TEACHER = tokenOf({ role: 'teacher', teacherId: 101 });
const OTHER_TEACHER = tokenOf({ role: 'teacher', teacherId: 202 });

const signIn = (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token);

/** The marks of a 60-student roster, all Present, none marked before. */
const roster = (first: number, count: number): QueuedMark[] =>
  Array.from({ length: count }, (_, i) => ({
    studentId: first + i,
    status: 'Present',
    was: null,
  }));

let store: ReturnType<typeof memoryStore>;
let clock = 0;
beforeEach(() => {
  store = memoryStore();
  setQueueStore(store);
  signIn(TEACHER);
  // Marks queued one after another keep their order.
  vi.spyOn(Date.prototype, 'toISOString').mockImplementation(
    () => `2026-12-07T09:${String(clock++).padStart(2, '0')}:00.000Z`,
  );
});
afterEach(() => {
  setQueueStore(null);
  vi.restoreAllMocks();
});

const lecture = (periodId: string, records = roster(230001, 60)) =>
  queueMarks({ periodId, date: '2026-12-07', label: `Lecture ${periodId}`, records });

describe('marks made offline', () => {
  it('wait on the device under the teacher who made them, counted one by one', async () => {
    await lecture('p1');
    await lecture('p2', roster(230100, 3));
    const queued = await queuedMarks();
    expect(queued.map(periodOf)).toEqual(['p1', 'p2']);
    expect(waitingCount(queued)).toBe(63);
    expect(new Set(queued.map((q) => q.id)).size).toBe(2);

    signIn(OTHER_TEACHER);
    expect(await queuedMarks()).toEqual([]);
  });

  it('are sent once each when the network returns, however many times the sending is started', async () => {
    await lecture('p1');
    await lecture('p2', roster(230100, 3));
    const sent: string[] = [];
    const send = vi.fn((marks: QueuedMarks) => {
      sent.push(periodOf(marks));
      return Promise.resolve({});
    });
    const [first, second] = await Promise.all([syncMarks(send), syncMarks(send)]);
    expect(first).toBe(2);
    expect(second).toBe(2);
    expect(sent).toEqual(['p1', 'p2']);
    expect(await syncMarks(send)).toBe(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(store.entries.size).toBe(0);
  });

  it('keep waiting when the network fails on the way, and go once it is back', async () => {
    await lecture('p1');
    await lecture('p2', roster(230100, 3));
    const offline = vi.fn(() => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))));
    expect(await syncMarks(offline)).toBe(0);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(waitingCount(await queuedMarks())).toBe(63);

    const online = vi.fn(() => Promise.resolve({}));
    expect(await syncMarks(online)).toBe(2);
    expect(online).toHaveBeenCalledTimes(2);
  });

  it('marked meanwhile by someone else: nothing is sent over theirs until the teacher chooses', async () => {
    const mine = await lecture('p1', roster(230001, 2));
    await lecture('p1', [{ studentId: 230001, status: 'Absent', was: 'Present' }]);
    await lecture('p2', roster(230100, 1));
    const conflict = {
      message: 'Marked meanwhile by someone else: 230002; nothing was marked',
      conflicts: [
        {
          studentId: 230002,
          was: null,
          theirs: 'Absent' as const,
          theirsLateMinutes: null,
          markedAt: '2026-12-07T09:30:00.000Z',
          yours: 'Present' as const,
        },
      ],
    };
    const send = vi.fn((marks: QueuedMarks) =>
      marks.id === mine.id
        ? Promise.reject(new ApiError(409, conflict.message, conflict.message, conflict))
        : Promise.resolve({}),
    );
    // The later marks of the same lecture wait behind the conflict; another lecture's go.
    expect(await syncMarks(send)).toBe(1);
    expect(send.mock.calls.map(([m]) => periodOf(m))).toEqual(['p1', 'p2']);
    const [held, behind] = await queuedMarks();
    expect(held?.conflicts).toEqual(conflict.conflicts);
    expect(behind?.records).toHaveLength(1);

    await resolveConflict(mine.id, 'mine');
    const chosen = (await queuedMarks())[0]!;
    expect(chosen.conflicts).toBeUndefined();
    expect(chosen.records).toEqual([
      { studentId: 230001, status: 'Present', was: null },
      // Sent over theirs on purpose: the mark now seen is theirs.
      { studentId: 230002, status: 'Present', was: 'Absent' },
    ]);
  });

  it('keeping their marks sends only the rest', async () => {
    const mine = await lecture('p1', roster(230001, 2));
    await store.put({
      ...((await store.get(mine.id)) as QueuedLecture),
      conflicts: [
        {
          studentId: 230002,
          was: null,
          theirs: 'Absent',
          theirsLateMinutes: null,
          markedAt: null,
          yours: 'Present',
        },
      ],
    });
    await resolveConflict(mine.id, 'theirs');
    expect((await queuedMarks())[0]?.records).toEqual([{ studentId: 230001, status: 'Present', was: null }]);
  });

  it('go with the teacher at sign-out, and with them when someone else signs in', async () => {
    await lecture('p1');
    await keepOnlyMarksOf(TEACHER);
    expect(store.entries.size).toBe(1);
    await keepOnlyMarksOf(OTHER_TEACHER);
    expect(store.entries.size).toBe(0);

    await lecture('p1');
    await keepOnlyMarksOf(null);
    expect(store.entries.size).toBe(0);
  });

  it("a group's day marks wait beside lecture marks, go to the day's call with each `was`, and a conflict holds only that day", async () => {
    const day = await queueDayMarks({
      group: 'CSE-A',
      date: '2026-12-07',
      label: 'CSE-A, 7 Dec 2026',
      records: [
        { studentId: 230001, status: 'Present', was: null },
        { studentId: 230002, status: 'Absent', was: 'Present' },
      ],
    });
    await queueDayMarks({
      group: 'CSE-A',
      date: '2026-12-07',
      label: 'CSE-A, 7 Dec 2026',
      records: [{ studentId: 230003, status: 'Present', was: null }],
    });
    await lecture('p1', roster(230001, 1));
    expect(waitingCount(await queuedMarks())).toBe(4);

    const conflict = {
      message: 'Marked meanwhile by someone else: 230001; nothing was marked',
      conflicts: [
        {
          studentId: 230001,
          was: null,
          theirs: 'Absent' as const,
          markedAt: null,
          yours: 'Present' as const,
        },
      ],
    };
    const send = vi.fn((marks: QueuedMarks) =>
      marks.id === day.id
        ? Promise.reject(new ApiError(409, conflict.message, conflict.message, conflict))
        : Promise.resolve({}),
    );
    // The same group's later day marks wait behind the conflict; the lecture's go.
    expect(await syncMarks(send)).toBe(1);
    expect(send).toHaveBeenCalledTimes(2);
    const [held, behind] = await queuedMarks();
    expect(held).toMatchObject({ kind: 'day', group: 'CSE-A', conflicts: conflict.conflicts });
    expect(behind?.records).toHaveLength(1);

    await resolveConflict(day.id, 'mine');
    expect((await queuedMarks())[0]?.records).toEqual([
      { studentId: 230001, status: 'Present', was: 'Absent' },
      { studentId: 230002, status: 'Absent', was: 'Present' },
    ]);
  });
});
