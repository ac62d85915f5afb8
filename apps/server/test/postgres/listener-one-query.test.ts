/**
 * The listening connection of each instance is shared by barriers, acknowledgements, lease renewals
 * and live updates: under load none of them may ask it a query while another is running (`pg` warns
 * that queueing on a busy client is deprecated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPair, type TestApp } from '../app';
import { createTeacher, login, noticeHeadings, publishNotice } from '../fixtures';

let pair: Awaited<ReturnType<typeof createTestPair>>;
let first: TestApp;
let second: TestApp;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.message);

beforeAll(async () => {
  pair = await createTestPair();
  ({ first, second } = pair);
  process.on('warning', onWarning);
});
afterAll(async () => {
  process.off('warning', onWarning);
  await pair.close();
});

describe("an instance's listening connection", () => {
  it('is asked one query at a time while both instances write and listen at once', async () => {
    const teacher = await createTeacher(first.handle.db);
    const [one, two] = [await login(first.app, teacher.loginId), await login(second.app, teacher.loginId)];
    const writes = Array.from({ length: 60 }, (_, i) =>
      publishNotice(i % 2 === 0 ? first.app : second.app, i % 2 === 0 ? one : two, `Busy notice ${i}`),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    expect(await noticeHeadings(second.app, two)).toContain('Busy notice 0');
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });
});
