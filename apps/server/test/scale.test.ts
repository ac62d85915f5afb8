/**
 * What the 20,000-student campus changed that a client notices: large answers come compressed (and
 * the live stream and CSV exports still work), list totals stay right after writes now that they are
 * counted on the base table and the staff gate pass list is cached, and READ_CACHE=off answers every
 * read from the database.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@campus/contract';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './app';
import { bearer, createAdmin, createStudent, createTeacher, login, publishNotice } from './fixtures';
import { openEvents } from './live-stream';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...bearer(token), ...headers } });
const total = (res: { headers: Record<string, unknown> }) =>
  Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]);

async function applyForPass(token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submit-gatepass',
    headers: bearer(token),
    payload: { date: '2999-01-01', time: '10:00', reason: 'Going home for the weekend' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ gatepass: { _id: string } }>().gatepass._id;
}

async function ask(token: string, topic: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submit-query',
    headers: bearer(token),
    payload: { topic, tags: 'labs', query: 'When does the lab open on Saturdays?' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ query: { _id: string } }>().query._id;
}

describe('compressed answers', () => {
  it('compresses a large JSON answer with brotli or gzip, as the client accepts, and leaves small ones', async () => {
    const student = await createStudent(t.handle.db, { group: 'ZIP-1' });
    const token = await login(t.app, student.loginId);
    for (let i = 0; i < 12; i++) await ask(token, `Compressed question number ${i} about the labs`);

    const plain = await get('/api/queries-without-solution?limit=12', token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/queries-without-solution?limit=12', token, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(
      plain.headers[TOTAL_COUNT_HEADER.toLowerCase()],
    );
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await get('/api/queries-without-solution?limit=12', token, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());

    // Under 1 KB: sent as it is.
    const small = await get('/api/notifications/unread-count', token, { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('streams a CSV export compressed, and the live update stream as it is', async () => {
    await createStudent(t.handle.db, { group: 'ZIP-CSV' });
    const csv = await get('/api/export/students.csv?group=ZIP-CSV', admin, { 'accept-encoding': 'gzip' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    if (csv.headers['content-encoding'] === 'gzip') {
      expect(gunzipSync(csv.rawPayload).toString('utf8')).toMatch(/^\uFEFFRollNo,name,/);
    } else {
      // A small export may go under the threshold; its body is then the CSV itself.
      expect(csv.body).toMatch(/^\uFEFFRollNo,name,/);
    }

    const student = await createStudent(t.handle.db, { group: 'ZIP-SSE' });
    const token = await login(t.app, student.loginId);
    const stream = await openEvents(t.app, token);
    try {
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['content-encoding']).toBeUndefined();
      const teacher = await login(t.app, (await createTeacher(t.handle.db)).loginId);
      const posted = await publishNotice(t.app, teacher, 'Compressed campus');
      expect(posted.statusCode).toBe(201);
      await stream.next('notices');
    } finally {
      stream.close();
    }
  });
});

describe('list totals after writes', () => {
  it("counts the staff's gate passes by status and group as passes are filed and decided", async () => {
    const group = 'COUNT-GP';
    const teacherPerson = await createTeacher(t.handle.db, { groups: [group] });
    const teacher = await login(t.app, teacherPerson.loginId);
    const students = await Promise.all([1, 2, 3].map(() => createStudent(t.handle.db, { group })));
    const tokens = await Promise.all(students.map((s) => login(t.app, s.loginId)));

    const pendingAll = async () => total(await get('/api/gatepasses/pending?limit=1', teacher));
    const count = async (status: string, query: string) =>
      total(await get(`/api/gatepasses/${status}?limit=1&${query}`, teacher));
    const before = await pendingAll();

    const ids = [];
    for (const token of tokens) ids.push(await applyForPass(token), await applyForPass(token));
    expect(await pendingAll()).toBe(before + 6);
    expect(await count('pending', `group=${group}`)).toBe(6);
    expect(await count('pending', 'mine=true')).toBe(6);

    const decided = await t.app.inject({
      method: 'PUT',
      url: '/api/gatepasses/update-status',
      headers: bearer(teacher),
      payload: { gatepassId: ids[0], approvedStatus: 'approved' },
    });
    expect(decided.statusCode).toBe(200);
    expect(await pendingAll()).toBe(before + 5);
    expect(await count('pending', `group=${group}`)).toBe(5);
    expect(await count('approved', `group=${group}`)).toBe(1);
    // A student's own list counts their passes alone.
    expect(total(await get(`/api/gatepasses/pending/${students[0]!.rollNo}?limit=1`, tokens[0]!))).toBe(1);
  });

  it('counts each board as queries are asked, solved and hidden', async () => {
    const student = await createStudent(t.handle.db, { group: 'COUNT-Q' });
    const token = await login(t.app, student.loginId);
    const teacher = await login(t.app, (await createTeacher(t.handle.db, { groups: ['COUNT-Q'] })).loginId);
    const board = async (solved: boolean) =>
      total(await get(`/api/queries-${solved ? 'with' : 'without'}-solution?limit=1`, token));
    const unsolved = await board(false);
    const solved = await board(true);

    const [a, b] = [await ask(token, 'Counted question one'), await ask(token, 'Counted question two')];
    await ask(token, 'Counted question three');
    expect(await board(false)).toBe(unsolved + 3);
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/api/queries/update-solution',
      headers: bearer(teacher),
      payload: { queryId: a, solution: 'Nine to five.' },
    });
    expect(answer.statusCode).toBe(200);
    const hide = await t.app.inject({
      method: 'PUT',
      url: `/api/queries/${b}/hidden`,
      headers: bearer(teacher),
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    expect(await board(false)).toBe(unsolved + 1);
    expect(await board(true)).toBe(solved + 1);
    // The student's own list still has all three, hidden included.
    expect(total(await get(`/api/queries-by-rollno/${student.rollNo}?limit=1`, token))).toBe(3);
    expect(total(await get('/api/queries-without-solution?limit=1&mine=true', teacher))).toBe(1);
  });

  it("counts the performance table's records, with and without a search, as records are added", async () => {
    const teacher = await login(t.app, (await createTeacher(t.handle.db)).loginId);
    const count = async (query = '') =>
      total(await get(`/api/students-performance?limit=1${query}`, teacher));
    const before = await count();
    for (const name of ['Perfcount Asha', 'Perfcount Ravi']) {
      const student = await createStudent(t.handle.db, { group: 'COUNT-P', name });
      await t.handle.db
        .insertInto('performance')
        .values({
          roll_no: student.rollNo,
          tenth_percent: 90,
          twelfth_percent: 85,
          sem1_sgpa: 8,
          sem2_sgpa: 8,
          sem3_sgpa: null,
          sem4_sgpa: null,
          cgpa: 8,
        })
        .execute();
    }
    // A student without a record is not counted.
    await createStudent(t.handle.db, { group: 'COUNT-P', name: 'Perfcount Nobody' });
    expect(await count()).toBe(before + 2);
    expect(await count('&search=perfcount')).toBe(2);
  });
});

describe('READ_CACHE', () => {
  it('is on unless set to off, and refuses anything else', () => {
    const env = {
      DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/campus-read-cache-test`,
      JWT_SECRET: 'x'.repeat(32),
    };
    expect(loadConfig(env).readCache).toBe(true);
    expect(loadConfig({ ...env, READ_CACHE: 'off' }).readCache).toBe(false);
    expect(() => loadConfig({ ...env, READ_CACHE: 'maybe' })).toThrow(/READ_CACHE must be on or off/);
  });

  it('off, answers every read from the database: no hits, and every write seen at once', async () => {
    const cold = await createTestApp({ readCache: false });
    try {
      const adminToken = await login(cold.app, (await createAdmin(cold.handle.db)).loginId);
      const student = await createStudent(cold.handle.db, { group: 'COLD-1' });
      const token = await login(cold.app, student.loginId);
      const read = () =>
        cold.app.inject({ url: `/api/gatepasses/pending/${student.rollNo}?limit=5`, headers: bearer(token) });
      for (let i = 0; i < 3; i++) expect((await read()).statusCode).toBe(200);
      const stats = await cold.app.inject({ url: '/api/health/cache', headers: bearer(adminToken) });
      const body = stats.json<{ sessions: { hits: number }; answers: { hits: number; misses: number } }>();
      expect(body.answers.hits).toBe(0);
      expect(body.sessions.hits).toBe(0);
      expect(body.answers.misses).toBeGreaterThanOrEqual(3);
      expect(total(await read())).toBe(0);
      const applied = await cold.app.inject({
        method: 'POST',
        url: '/api/submit-gatepass',
        headers: bearer(token),
        payload: { date: '2999-01-01', time: '10:00', reason: 'Read cold' },
      });
      expect(applied.statusCode).toBe(201);
      expect(total(await read())).toBe(1);
    } finally {
      await cold.close();
    }
  });
});
