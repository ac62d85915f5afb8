/** Per-account write limits with their default allowances, on one server and across two. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '@campus/contract';
import { createTestApp, createTestPair, testClock, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import type { App } from '../../types';
import { DEFAULT_WRITE_LIMITS } from '../../lib/write-limits';

const HOUR_S = 3600;
const clock = testClock();
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ writeLimits: DEFAULT_WRITE_LIMITS, now: clock.now });
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

let n = 0;
const ask = (app: App, token: string, body: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/submit-query',
    headers: bearer(token),
    payload: { topic: `Topic ${++n}`, tags: 'exams', query: `Question ${n}?`, ...body },
  });
const apply = (token: string, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/submit-gatepass',
    headers: bearer(token),
    payload: { reason: 'Family visit', date: '2031-01-05', time: '10:00', ...body },
  });

async function newStudent(app: App = t.app, db = t.handle.db) {
  const student = await createStudent(db);
  return { ...student, token: await login(app, student.loginId) };
}

const ownQueries = async (rollNo: number, token: string) => {
  const res = await t.app.inject({ url: `/api/queries-by-rollno/${rollNo}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ queries: Query[] }>().queries;
};

async function limitEntries(loginId: number) {
  const res = await t.app.inject({
    url: `/api/audit-log?kind=write.limit&actor=${loginId}`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ target: string | null; detail: string | null }[]>();
}

describe('queries', () => {
  it('lets a student submit 10 an hour, then answers 429 saying when to try again, and stores nothing', async () => {
    const student = await newStudent();
    const other = await newStudent();
    for (let i = 0; i < DEFAULT_WRITE_LIMITS.queries; i++) {
      expect((await ask(t.app, student.token)).statusCode).toBe(201);
    }
    const refused = await ask(t.app, student.token, { topic: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'You can submit 10 queries an hour. Try again in 60 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(HOUR_S);
    expect(await ownQueries(student.rollNo, student.token)).toHaveLength(DEFAULT_WRITE_LIMITS.queries);

    // Another student is not affected.
    expect((await ask(t.app, other.token)).statusCode).toBe(201);

    // One audit entry, however often the student keeps trying.
    expect((await ask(t.app, student.token)).statusCode).toBe(429);
    expect(await limitEntries(student.loginId)).toEqual([
      expect.objectContaining({ target: 'queries', detail: '10 an hour' }),
    ]);
  });

  it('counts the hour from the first query and gives the allowance back when it has passed', async () => {
    const student = await newStudent();
    for (let i = 0; i < DEFAULT_WRITE_LIMITS.queries; i++) {
      expect((await ask(t.app, student.token)).statusCode).toBe(201);
    }
    clock.advance(48 * 60_000);
    const refused = await ask(t.app, student.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/Try again in 12 minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBe(12 * 60);

    clock.advance(12 * 60_000);
    expect((await ask(t.app, student.token)).statusCode).toBe(201);
    expect(await ownQueries(student.rollNo, student.token)).toHaveLength(DEFAULT_WRITE_LIMITS.queries + 1);
  });

  it('does not count a submission that was refused as bad input', async () => {
    const student = await newStudent();
    for (let i = 0; i < 5; i++) {
      const bad = await ask(t.app, student.token, { tags: ' , ' });
      expect(bad.statusCode).toBe(400);
    }
    for (let i = 0; i < DEFAULT_WRITE_LIMITS.queries; i++) {
      expect((await ask(t.app, student.token)).statusCode).toBe(201);
    }
    expect((await ask(t.app, student.token)).statusCode).toBe(429);
  });

  it('admits exactly 10 of 30 submitted at once', async () => {
    const student = await newStudent();
    const answers = await Promise.all(Array.from({ length: 30 }, () => ask(t.app, student.token)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(DEFAULT_WRITE_LIMITS.queries);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - DEFAULT_WRITE_LIMITS.queries);
    expect(await ownQueries(student.rollNo, student.token)).toHaveLength(DEFAULT_WRITE_LIMITS.queries);
  });
});

describe('gate passes', () => {
  it('lets a student apply for 5 an hour, then answers 429; another student is not affected', async () => {
    const student = await newStudent();
    const other = await newStudent();
    for (let i = 0; i < DEFAULT_WRITE_LIMITS.gatePasses; i++) {
      expect((await apply(student.token, { reason: `Reason ${i}` })).statusCode).toBe(201);
    }
    // Bad input is refused as such, and does not count.
    expect((await apply(student.token, { date: 'soon' })).statusCode).toBe(400);
    const refused = await apply(student.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'You can apply for 5 gate passes an hour. Try again in 60 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(HOUR_S);
    const pending = await t.app.inject({
      url: `/api/gatepasses/pending/${student.rollNo}`,
      headers: bearer(student.token),
    });
    expect(pending.json<unknown[]>()).toHaveLength(DEFAULT_WRITE_LIMITS.gatePasses);
    expect((await apply(other.token)).statusCode).toBe(201);
    // The gate pass allowance is not the query allowance.
    expect((await ask(t.app, student.token)).statusCode).toBe(201);
  });
});

describe('a mark, counted with its own write', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ writeLimits: { ...DEFAULT_WRITE_LIMITS, other: 3 } });
  });
  afterAll(() => small.close());

  it('refuses a mark over the allowance with 429 and changes nothing; a mark that changes nothing counts, a refused one does not', async () => {
    const teacher = await createTeacher(small.handle.db);
    const token = await login(small.app, teacher.loginId);
    const student = await createStudent(small.handle.db);
    const date = new Date().toISOString().slice(0, 10);
    const mark = (studentId: number, status: string) =>
      small.app.inject({
        method: 'POST',
        url: '/api/mark-attendance',
        headers: bearer(token),
        payload: { date, attendanceRecords: [{ studentId, status }] },
      });
    const marks = async () => {
      const res = await small.app.inject({
        url: `/api/attendance/${student.rollNo}?limit=20`,
        headers: bearer(token),
      });
      return res.json<{ status: string }[]>().map((r) => r.status);
    };
    // Refused as bad input (an unknown roll number) by the write itself: its count goes with it.
    for (let i = 0; i < 3; i++) expect((await mark(999_999, 'Present')).statusCode).toBe(400);
    expect((await mark(student.rollNo, 'Present')).statusCode).toBe(200);
    // The same status again writes no mark, and is still a change the teacher made.
    expect((await mark(student.rollNo, 'Present')).statusCode).toBe(200);
    expect((await mark(student.rollNo, 'Absent')).statusCode).toBe(200);
    const refused = await mark(student.rollNo, 'Present');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'You can make 3 changes an hour. Try again in 60 minutes.' });
    expect(await marks()).toEqual(['Absent']);
    // A refused mark that would change nothing is refused all the same.
    expect((await mark(student.rollNo, 'Absent')).statusCode).toBe(429);
    expect(await marks()).toEqual(['Absent']);
  });
});

describe('every other write', () => {
  it(`lets a teacher make ${DEFAULT_WRITE_LIMITS.other} an hour; refused ones (404, 409) do not count`, async () => {
    const teacher = await createTeacher(t.handle.db);
    const token = await login(t.app, teacher.loginId);
    const student = await newStudent();
    const queryIds: string[] = [];
    for (let i = 0; i < DEFAULT_WRITE_LIMITS.queries; i++) {
      queryIds.push((await ask(t.app, student.token)).json<{ query: Query }>().query._id);
    }
    const like = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/queries/${id}/like`, headers: bearer(token) });
    const answer = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/queries/update-solution',
        headers: bearer(token),
        payload: { queryId: queryIds[0], solution: 'See the notice board.' },
      });

    expect((await answer()).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await answer()).statusCode).toBe(409);
      expect((await like(randomUUID())).statusCode).toBe(404);
    }
    // The answer and 599 likes, ten queries at a time.
    let made = 1;
    while (made < DEFAULT_WRITE_LIMITS.other) {
      const batch = queryIds.slice(0, Math.min(queryIds.length, DEFAULT_WRITE_LIMITS.other - made));
      const statuses = (await Promise.all(batch.map(like))).map((res) => res.statusCode);
      expect(statuses.every((status) => status === 200)).toBe(true);
      made += batch.length;
    }
    const likes = async () => {
      const res = await t.app.inject({ url: '/api/queries?limit=200', headers: bearer(adminToken) });
      return res.json<Query[]>().find((q) => q._id === queryIds[1])?.likes;
    };
    const before = await likes();
    const refused = await like(queryIds[1]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'You can make 600 changes an hour. Try again in 60 minutes.' });
    expect(Number(refused.headers['retry-after'])).toBe(HOUR_S);
    expect(await likes()).toBe(before);

    // Signing out is not a change the allowance limits.
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/queries?limit=1', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  }, 60_000);
});

describe('two servers on one database', () => {
  let pair: Awaited<ReturnType<typeof createTestPair>>;
  beforeAll(async () => {
    pair = await createTestPair({ writeLimits: DEFAULT_WRITE_LIMITS });
  });
  afterAll(() => pair.close());

  it('share one allowance: 10 queries in all, whichever server takes them', async () => {
    const { first, second } = pair;
    const student = await createStudent(first.handle.db);
    const token = await login(first.app, student.loginId);
    for (let i = 0; i < DEFAULT_WRITE_LIMITS.queries; i++) {
      const server = i % 2 === 0 ? first : second;
      expect((await ask(server.app, token)).statusCode).toBe(201);
    }
    expect((await ask(first.app, token)).statusCode).toBe(429);
    expect((await ask(second.app, token)).statusCode).toBe(429);
  });
});
