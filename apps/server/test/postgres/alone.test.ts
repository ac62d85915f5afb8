/**
 * A server alone on its database answers writes without a barrier, and one that joins it serves
 * from memory only once the first can no longer be answering so (decision record 0042).
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BARRIER_CHANNEL } from '../../src/db/pg-changes';
import { createTestPair, servingFromMemory, type TestApp } from '../app';
import { createStudent, createTeacher, login, noticeHeadings, publishNotice } from '../fixtures';

let pair: Awaited<ReturnType<typeof createTestPair>>;
let first: TestApp;
let teacherToken: string;
let studentToken: string;

beforeAll(async () => {
  pair = await createTestPair();
  first = pair.first;
  teacherToken = await login(first.app, (await createTeacher(first.handle.db)).loginId);
  studentToken = await login(first.app, (await createStudent(first.handle.db)).loginId);
  // The second server leaves: the first is alone from its next renewal on.
  await pair.second.close();
});
afterAll(() => pair.close());

interface Internals {
  id: string;
  hear(message: pg.Notification): void;
  alone(): boolean;
}
const internals = (instance: TestApp) => instance.handle.changes as unknown as Internals;

/** The barriers this server sends, as it hears them come back. */
function barriersSentBy(instance: TestApp): string[] {
  const changes = internals(instance);
  const hear = changes.hear.bind(changes);
  const sent: string[] = [];
  changes.hear = (message) => {
    const [, writer, seq] = (message.payload ?? '').split('|');
    if (message.channel === BARRIER_CHANNEL && writer === changes.id) sent.push(seq!);
    hear(message);
  };
  onTestFinished(() => {
    changes.hear = hear;
  });
  return sent;
}

let published = 0;
const publish = async (instance: TestApp) => {
  const heading = `Alone ${++published}`;
  expect((await publishNotice(instance.app, teacherToken, heading)).statusCode).toBe(201);
  return heading;
};

describe('a server alone on PostgreSQL', () => {
  it('answers a write without a barrier once it has seen no other server', async () => {
    await vi.waitFor(() => expect(internals(first).alone()).toBe(true), { timeout: 5000, interval: 50 });
    const sent = barriersSentBy(first);
    await noticeHeadings(first.app, studentToken);
    const heading = await publish(first);
    expect(await noticeHeadings(first.app, studentToken)).toContain(heading);
    // A forced barrier is the only one sent; once it is back, any earlier one would be too.
    await first.handle.changes.settle?.(true);
    expect(sent).toHaveLength(1);
  });

  it('has a joining server wait before it serves from memory, and barriers again once it has', async () => {
    await vi.waitFor(() => expect(internals(first).alone()).toBe(true), { timeout: 5000, interval: 50 });
    const joining = await pair.another();
    // It saw the first server: it reads from the database until the first cannot be alone any more.
    expect(joining.handle.changes.outside()).toBeUndefined();
    const meanwhile = await publish(first);
    expect(await noticeHeadings(joining.app, studentToken)).toContain(meanwhile);
    await servingFromMemory(joining);
    expect(internals(first).alone()).toBe(false);
    // Now the joining server keeps the board in memory, and a write on the first waits for it.
    await noticeHeadings(joining.app, studentToken);
    const sent = barriersSentBy(first);
    const heading = await publish(first);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(await noticeHeadings(joining.app, studentToken)).toContain(meanwhile);
    expect(await noticeHeadings(joining.app, studentToken)).toContain(heading);
  });
});
