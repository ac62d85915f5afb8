import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Performance } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

let t: TestApp;
let teacherToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  teacherToken = await login(t.app, (await createTeacher(t.handle.db)).loginId);
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function withRecord(student: StudentPerson, cgpa = 8.25): Promise<Performance> {
  await t.handle.db
    .insertInto('performance')
    .values({
      roll_no: student.rollNo,
      tenth_percent: 91.5,
      twelfth_percent: 88,
      sem1_sgpa: 8.1,
      sem2_sgpa: 8.4,
      sem3_sgpa: null,
      sem4_sgpa: 7.95,
      cgpa,
    })
    .execute();
  return {
    RollNo: student.rollNo,
    Name: student.name,
    '10th %age': 91.5,
    '12th %age': 88,
    'Sem-1 SGPA': 8.1,
    'Sem-2 SGPA': 8.4,
    'Sem-3 SGPA': null,
    'Sem-4 SGPA': 7.95,
    CGPA: cgpa,
  };
}

/** A word no other test's student names contain. */
const token = () => `Q${randomUUID().replaceAll('-', '').slice(0, 10)}`;

describe('GET /api/performance/:rollNo', () => {
  it('shows a student their own marks card as a one-element array with the §3 field names', async () => {
    const s = await createStudent(t.handle.db);
    const expected = await withRecord(s);
    const res = await get(`/api/performance/${s.rollNo}`, await login(t.app, s.loginId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expected]);
  });

  it("refuses a student reading another's performance with 403", async () => {
    const me = await createStudent(t.handle.db);
    const other = await createStudent(t.handle.db);
    await withRecord(other);
    const myToken = await login(t.app, me.loginId);
    const res = await get(`/api/performance/${other.rollNo}`, myToken);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toMatch(/SGPA/);
    expect((await get('/api/performance/987654321', myToken)).statusCode).toBe(403);
  });

  it('lets teachers and admins read anyone; no record is [], an unknown student 404, a bad one 400', async () => {
    const s = await createStudent(t.handle.db);
    const expected = await withRecord(s);
    for (const bearerToken of [teacherToken, adminToken]) {
      expect((await get(`/api/performance/${s.rollNo}`, bearerToken)).json()).toEqual([expected]);
    }
    const bare = await createStudent(t.handle.db);
    const empty = await get(`/api/performance/${bare.rollNo}`, teacherToken);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const own = await get(`/api/performance/${bare.rollNo}`, await login(t.app, bare.loginId));
    expect(own.json()).toEqual([]);
    const unknown = await get('/api/performance/987654321', teacherToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/987654321/);
    const bad = await get('/api/performance/12abc', teacherToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/rollNo/);
    expect((await get(`/api/performance/${s.rollNo}`)).statusCode).toBe(401);
  });
});

describe('GET /api/students-performance', () => {
  it('lists records by roll number with names, searching names in any case', async () => {
    const word = token();
    const a = await createStudent(t.handle.db, { name: `Asha ${word}` });
    const b = await createStudent(t.handle.db, { name: `Bilal ${word.toLowerCase()}` });
    const c = await createStudent(t.handle.db, { name: `Chen ${word}` });
    const ea = await withRecord(a, 9.1);
    const eb = await withRecord(b, 7.2);
    await withRecord(c);
    await createStudent(t.handle.db, { name: `Dana ${word}` }); // no record: not listed

    const all = await get(`/api/students-performance?search=${word.toUpperCase()}`, teacherToken);
    expect(all.statusCode).toBe(200);
    expect(all.json<Performance[]>().map((p) => p.RollNo)).toEqual([a.rollNo, b.rollNo, c.rollNo]);
    expect(all.json<Performance[]>().slice(0, 2)).toEqual([ea, eb]);

    const one = await get(
      `/api/students-performance?search=${encodeURIComponent(`bilal ${word}`)}`,
      adminToken,
    );
    expect(one.json()).toEqual([eb]);
  });

  it('pages with limit and offset in roll-number order', async () => {
    const word = token();
    const people: StudentPerson[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await createStudent(t.handle.db, { name: `${word} ${i}` });
      await withRecord(s);
      people.push(s);
    }
    const page = await get(`/api/students-performance?search=${word}&limit=2&offset=2`, teacherToken);
    expect(page.json<Performance[]>().map((p) => p.RollNo)).toEqual([people[2]!.rollNo, people[3]!.rollNo]);
    const past = await get(`/api/students-performance?search=${word}&limit=2&offset=5`, teacherToken);
    expect(past.json()).toEqual([]);
    const first = await get('/api/students-performance?limit=1', teacherToken);
    expect(first.json()).toHaveLength(1);
  });

  it('matches the start of a roll number, and takes % and _ literally', async () => {
    const s = await createStudent(t.handle.db, { name: `Per%cent_${token()}` });
    const expected = await withRecord(s);
    const byRoll = await get(`/api/students-performance?search=${s.rollNo}`, teacherToken);
    expect(byRoll.json()).toEqual([expected]);
    const prefix = await get(
      `/api/students-performance?search=${String(s.rollNo).slice(0, 3)}&limit=200`,
      teacherToken,
    );
    expect(prefix.json<Performance[]>().map((p) => p.RollNo)).toContain(s.rollNo);
    const literal = await get(
      `/api/students-performance?search=${encodeURIComponent('r%cent_')}`,
      teacherToken,
    );
    expect(literal.json()).toEqual([expected]);
    const wildcard = await get(
      `/api/students-performance?search=${encodeURIComponent('r_cent')}`,
      teacherToken,
    );
    expect(wildcard.json<Performance[]>().map((p) => p.RollNo)).not.toContain(s.rollNo);
  });

  it('refuses bad paging with 400 naming the field, and students and anonymous callers', async () => {
    const tooMany = await get('/api/students-performance?limit=201', teacherToken);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/limit/);
    const negative = await get('/api/students-performance?offset=-1', teacherToken);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/offset/);
    const s = await createStudent(t.handle.db);
    expect((await get('/api/students-performance')).statusCode).toBe(401);
    expect((await get('/api/students-performance', await login(t.app, s.loginId))).statusCode).toBe(403);
  });
});
