import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import { peopleRepository } from './repository';

let t: TestApp;
let student: Awaited<ReturnType<typeof createStudent>>;
let otherStudent: Awaited<ReturnType<typeof createStudent>>;
let mentor: Awaited<ReturnType<typeof createTeacher>>;
let studentToken: string;
let otherStudentToken: string;
let teacherToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await createStudent(t.handle.db, { group: 'CS-A', name: 'Meera Iyer' });
  otherStudent = await createStudent(t.handle.db, { group: 'CS-B', name: 'Rahul Das' });
  mentor = await createTeacher(t.handle.db, { name: 'Zoya Khan', groups: ['CS-A', 'ME-A'] });
  studentToken = await login(t.app, student.loginId);
  otherStudentToken = await login(t.app, otherStudent.loginId);
  teacherToken = await login(t.app, mentor.loginId);
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const SECRET = /argon2|password|hash/i;

/** Expects 401 anonymous and `status` for each of the given tokens. */
async function expectAccess(url: string, allowed: string[], refused: string[]) {
  expect((await get(url)).statusCode, `${url} anonymous`).toBe(401);
  for (const token of allowed) expect((await get(url, token)).statusCode, url).toBe(200);
  for (const token of refused) expect((await get(url, token)).statusCode, url).toBe(403);
}

describe('GET /api/contact-teachers', () => {
  it("lists the student's own mentors first, marked isMentor, with their Gender and groups", async () => {
    const other = await createTeacher(t.handle.db, { name: 'Aarav Shah', groups: ['CS-B'] });
    const res = await get('/api/contact-teachers', studentToken);
    expect(res.statusCode).toBe(200);
    const cards = res.json<{ teacherId: number; isMentor: boolean }[]>();
    expect(cards[0]).toEqual({
      _id: mentor.accountId,
      name: 'Zoya Khan',
      teacherId: mentor.loginId,
      Gender: 'Male',
      email: mentor.email,
      phoneNo: '9123456789',
      groups: ['CS-A', 'ME-A'],
      isMentor: true,
    });
    expect(cards.find((c) => c.teacherId === other.loginId)).toMatchObject({
      isMentor: false,
      groups: ['CS-B'],
    });
    expect(cards.filter((c) => c.isMentor)).toHaveLength(1);
    expect(res.body).not.toMatch(SECRET);

    const forOther = (await get('/api/contact-teachers', otherStudentToken)).json<typeof cards>();
    expect(forOther[0]).toMatchObject({ teacherId: other.loginId, isMentor: true });
    const forTeacher = (await get('/api/contact-teachers', teacherToken)).json<typeof cards>();
    expect(forTeacher.every((c) => !c.isMentor)).toBe(true);
  });

  it('pages with limit and offset, and refuses anonymous callers', async () => {
    const all = (await get('/api/contact-teachers', studentToken)).json<{ _id: string }[]>();
    expect(all.length).toBeGreaterThanOrEqual(2);
    const second = (await get('/api/contact-teachers?limit=1&offset=1', studentToken)).json<
      {
        _id: string;
      }[]
    >();
    expect(second.map((c) => c._id)).toEqual([all[1]!._id]);
    await expectAccess('/api/contact-teachers', [studentToken, teacherToken, adminToken], []);
  });
});

describe('GET /api/manage-students and /api/student', () => {
  it('answers every §3 field and never a password', async () => {
    const res = await get(`/api/manage-students?search=${student.rollNo}`, teacherToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        _id: student.accountId,
        RollNo: student.rollNo,
        name: 'Meera Iyer',
        FatherName: expect.any(String),
        MotherName: null,
        Gender: 'Female',
        Dob: '2004-05-06',
        Category: 'General',
        phoneNo: expect.any(String),
        email: student.email,
        group: 'CS-A',
        designation: 'student',
        active: true,
      },
    ]);
    expect(res.body).not.toMatch(SECRET);
  });

  it('searches the name ignoring case or the roll number, filters by group and pages', async () => {
    const a = await createStudent(t.handle.db, { group: 'EE-Z', name: 'Kavya Nair' });
    const b = await createStudent(t.handle.db, { group: 'EE-Z', name: 'Nikhil Kavyan' });
    const c = await createStudent(t.handle.db, { group: 'EE-Y', name: 'KAVYA Menon' });
    type Row = { RollNo: number; group: string };
    const rolls = async (query: string, token = teacherToken) =>
      (await get(`/api/manage-students?${query}`, token)).json<Row[]>().map((s) => s.RollNo);

    expect(await rolls('search=kavya')).toEqual([a.rollNo, b.rollNo, c.rollNo]);
    expect(await rolls('search=kavya&group=EE-Z')).toEqual([a.rollNo, b.rollNo]);
    expect(await rolls('group=EE-Y')).toEqual([c.rollNo]);
    expect(await rolls(`search=${b.rollNo}`)).toEqual([b.rollNo]);
    expect(await rolls('search=kavya&limit=1&offset=1')).toEqual([b.rollNo]);
    expect(await rolls('search=kavya&group=NO-SUCH')).toEqual([]);
    expect(await rolls('search=100%25')).toEqual([]);
    expect(await rolls('search=kavya', adminToken)).toEqual([a.rollNo, b.rollNo, c.rollNo]);
    expect(
      (await get('/api/student?search=kavya&group=EE-Z', adminToken)).json<Row[]>().map((s) => s.RollNo),
    ).toEqual([a.rollNo, b.rollNo]);
  });

  it('keeps manage-students to teachers and admins, and /api/student to admins', async () => {
    await expectAccess('/api/manage-students', [teacherToken, adminToken], [studentToken]);
    await expectAccess('/api/student', [adminToken], [studentToken, teacherToken]);
  });

  it('refuses a bad limit with 400 naming it', async () => {
    const res = await get('/api/manage-students?limit=1000', teacherToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^limit\b/);
  });
});

describe('GET /api/student-details/:rollNo', () => {
  it('answers a student their own details', async () => {
    const res = await get(`/api/student-details/${student.rollNo}`, studentToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ RollNo: student.rollNo, name: 'Meera Iyer', group: 'CS-A' });
    expect(res.body).not.toMatch(SECRET);
  });

  it("refuses a student another student's details, and an unknown roll number, with 403", async () => {
    const res = await get(`/api/student-details/${otherStudent.rollNo}`, studentToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/own records/);
    expect((await get('/api/student-details/999999999', studentToken)).statusCode).toBe(403);
  });

  it('answers teachers and admins any student, 404 for an unknown one, 401 anonymous', async () => {
    for (const token of [teacherToken, adminToken]) {
      const res = await get(`/api/student-details/${otherStudent.rollNo}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().RollNo).toBe(otherStudent.rollNo);
    }
    const unknown = await get('/api/student-details/999999999', teacherToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/999999999/);
    expect((await get(`/api/student-details/${student.rollNo}`)).statusCode).toBe(401);
  });

  it('refuses a malformed roll number with 400 naming it', async () => {
    const res = await get('/api/student-details/abc', teacherToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^rollNo must be a roll number/);
  });
});

describe('GET /api/teacher-details/:teacherId', () => {
  it('answers teachers and admins with the groups and no password', async () => {
    for (const token of [teacherToken, adminToken]) {
      const res = await get(`/api/teacher-details/${mentor.loginId}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        _id: mentor.accountId,
        name: 'Zoya Khan',
        teacherId: mentor.loginId,
        Gender: 'Male',
        Dob: '1980-01-02',
        phoneNo: '9123456789',
        email: mentor.email,
        designation: 'teacher',
        groups: ['CS-A', 'ME-A'],
        active: true,
      });
      expect(res.body).not.toMatch(SECRET);
    }
  });

  it('answers 404 for an unknown teacher, 400 for a malformed id, 403 for students, 401 anonymous', async () => {
    expect((await get('/api/teacher-details/999999998', adminToken)).statusCode).toBe(404);
    const bad = await get('/api/teacher-details/x1', adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^teacherId must be a teacher id/);
    await expectAccess(`/api/teacher-details/${mentor.loginId}`, [teacherToken, adminToken], [studentToken]);
  });
});

describe('GET /api/teachers', () => {
  it('lists teachers by name for admins, with search and paging', async () => {
    const x = await createTeacher(t.handle.db, { name: 'Quentin Rao', groups: ['Q-1'] });
    const y = await createTeacher(t.handle.db, { name: 'quincy bose', groups: [] });
    const res = await get('/api/teachers?search=QU', adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([
      { teacherId: x.loginId, groups: ['Q-1'], designation: 'teacher' },
      { teacherId: y.loginId, groups: [] },
    ]);
    expect(res.body).not.toMatch(SECRET);
    const byId = (await get(`/api/teachers?search=${y.loginId}`, adminToken)).json<
      {
        teacherId: number;
      }[]
    >();
    expect(byId.map((r) => r.teacherId)).toEqual([y.loginId]);
    const page = (await get('/api/teachers?search=qu&limit=1&offset=1', adminToken)).json<
      {
        teacherId: number;
      }[]
    >();
    expect(page.map((r) => r.teacherId)).toEqual([y.loginId]);
  });

  it('is for admins only', async () => {
    await expectAccess('/api/teachers', [adminToken], [studentToken, teacherToken]);
  });
});

describe('GET /api/groups', () => {
  it('lists each student group once, sorted, for teachers and admins', async () => {
    await createStudent(t.handle.db, { group: 'AA-1' });
    await createStudent(t.handle.db, { group: 'AA-1' });
    const groups = (await get('/api/groups', teacherToken)).json<string[]>();
    expect(groups).toContain('AA-1');
    expect(groups).toContain('CS-A');
    expect(new Set(groups).size).toBe(groups.length);
    expect(groups).toEqual([...groups].sort());
    await expectAccess('/api/groups', [teacherToken, adminToken], [studentToken]);
  });
});

describe('people repository', () => {
  it('loads a page of teachers and their groups in two queries, and counts only a page that is not the last', async () => {
    for (let i = 0; i < 5; i++) await createTeacher(t.handle.db, { groups: [`R-${i}`, 'R-all'] });
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const repo = peopleRepository(t.handle.db.withPlugin(counter));
    const teachers = await repo.listTeachers({ limit: 50, offset: 0 });
    expect(teachers.items.length).toBeGreaterThanOrEqual(5);
    expect(teachers.total).toBe(teachers.items.length);
    expect(queries).toBe(2);
    queries = 0;
    const cards = await repo.listContactTeachers(student.accountId, { offset: 0 });
    expect(cards.items.length).toBe(teachers.items.length);
    expect(queries).toBe(2);
    queries = 0;
    const firstTwo = await repo.listTeachers({ limit: 2, offset: 0 });
    expect(firstTwo).toEqual({ items: teachers.items.slice(0, 2), total: teachers.total });
    expect(queries, 'the page, its groups and the count').toBe(3);
  });
});

describe('OpenAPI', () => {
  it('documents every people route with its schemas', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const path of [
      '/api/contact-teachers',
      '/api/manage-students',
      '/api/student',
      '/api/student-details/{rollNo}',
      '/api/teacher-details/{teacherId}',
      '/api/teachers',
      '/api/groups',
    ]) {
      expect(paths[path]?.get?.responses['200'], path).toBeDefined();
    }
  });
});
