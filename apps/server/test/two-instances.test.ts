/**
 * Two servers on one database, each keeping answers in memory: whatever one of them has answered
 * "done" to, the other shows at once, on SQLite (one file) and on PostgreSQL (one schema).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPair } from './app';
import { bearer, createStudent, createTeacher, login, noticeHeadings, publishNotice } from './fixtures';
import type { TestApp } from './app';

let pair: Awaited<ReturnType<typeof createTestPair>>;
let first: TestApp;
let second: TestApp;
let teacherToken: string;
let studentToken: string;
let studentRollNo: number;

beforeAll(async () => {
  pair = await createTestPair();
  ({ first, second } = pair);
  const teacher = await createTeacher(first.handle.db);
  const student = await createStudent(first.handle.db);
  studentRollNo = student.rollNo;
  teacherToken = await login(first.app, teacher.loginId);
  studentToken = await login(second.app, student.loginId);
});
afterAll(() => pair.close());

const headings = (instance: TestApp) => noticeHeadings(instance.app, studentToken);

describe('two servers on one database', () => {
  it('both keep answers in memory', () => {
    expect(first.handle.changes.outside()).toBeDefined();
    expect(second.handle.changes.outside()).toBeDefined();
  });

  it('list a notice published on either as soon as it was answered', async () => {
    for (let round = 0; round < 10; round++) {
      const [writer, reader] = round % 2 === 0 ? [first, second] : [second, first];
      // The reader has the list in memory, twice over.
      await headings(reader);
      await headings(reader);
      const heading = `Notice ${round}`;
      expect((await publishNotice(writer.app, teacherToken, heading)).statusCode).toBe(201);
      expect(await headings(reader)).toContain(heading);
    }
  });

  it('show a gate pass decided on one as decided on the other', async () => {
    const applied = await second.app.inject({
      method: 'POST',
      url: '/api/submit-gatepass',
      headers: bearer(studentToken),
      payload: { reason: 'Family visit', date: '2031-01-05', time: '10:00' },
    });
    expect(applied.statusCode).toBe(201);
    const pending = () =>
      second.app.inject({ url: `/api/gatepasses/pending/${studentRollNo}`, headers: bearer(studentToken) });
    const [pass] = (await pending()).json<{ _id: string }[]>();
    expect(pass).toBeDefined();
    await pending();
    const decided = await first.app.inject({
      method: 'PUT',
      url: '/api/gatepasses/update-status',
      headers: bearer(teacherToken),
      payload: { gatepassId: pass!._id, approvedStatus: 'approved' },
    });
    expect(decided.statusCode).toBe(200);
    expect((await pending()).json()).toEqual([]);
  });

  it('refuse a session on one as soon as it was signed out on the other', async () => {
    for (let round = 0; round < 5; round++) {
      const token = await login(first.app, (await createStudent(first.handle.db)).loginId);
      const me = () => second.app.inject({ url: '/api/get-notices', headers: bearer(token) });
      expect((await me()).statusCode).toBe(200);
      expect((await me()).statusCode).toBe(200);
      const out = await first.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(200);
      expect((await me()).statusCode).toBe(401);
    }
  });
});
