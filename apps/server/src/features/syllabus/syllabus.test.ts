import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, splitTopics } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';

let t: TestApp;
let teacher: Awaited<ReturnType<typeof createTeacher>>;
let teacherToken: string;
let studentToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t.handle.db);
  teacherToken = await login(t.app, teacher.loginId);
  studentToken = await login(t.app, (await createStudent(t.handle.db)).loginId);
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const add = (payload: unknown, token = teacherToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/syllabus-add',
    payload: payload as object,
    headers: bearer(token),
  });
const list = (query = '', token = studentToken) =>
  t.app.inject({ url: `/api/syllabus${query}`, headers: bearer(token) });

describe('splitTopics', () => {
  it('splits on commas and trims, keeping empty items (§5)', () => {
    expect(splitTopics(' Sets, Relations ,, Graphs ,')).toEqual(['Sets', 'Relations', '', 'Graphs', '']);
    expect(splitTopics([' Sets ', '', '  '])).toEqual(['Sets', '', '']);
  });
});

describe('POST /api/syllabus-add', () => {
  it('adds an entry from comma-separated topics, trimmed, empty ones kept, and records its author', async () => {
    const res = await add({
      courseName: '  Discrete Mathematics ',
      semester: ' 3 ',
      topics: 'Sets, Relations ,, Graph Theory',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.syllabus.added);
    expect(body.syllabus).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      courseName: 'Discrete Mathematics',
      semester: '3',
      topics: ['Sets', 'Relations', '', 'Graph Theory'],
    });
    const row = await t.handle.db
      .selectFrom('syllabus')
      .select(['created_by', 'topics'])
      .where('id', '=', body.syllabus._id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(teacher.accountId);
    expect(JSON.parse(row.topics)).toEqual(['Sets', 'Relations', '', 'Graph Theory']);
    expect((await list('?search=discrete mathematics')).json()).toContainEqual(body.syllabus);
  });

  it('accepts topics as a list, trimming items and keeping empty ones', async () => {
    const res = await add({
      courseName: 'Operating Systems',
      semester: '4',
      topics: [' Processes ', '', 'Memory'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().syllabus.topics).toEqual(['Processes', '', 'Memory']);
  });

  it('refuses missing or blank fields and a syllabus with no topic, with 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ semester: '1', topics: 'a' }, /^courseName is required$/],
      [{ courseName: 'C', semester: '  ', topics: 'a' }, /^semester is required$/],
      [{ courseName: 'C', semester: '1' }, /^topics is required$/],
      [{ courseName: 'C', semester: '1', topics: ' , ,' }, /^topics must name at least one topic$/],
      [{ courseName: 'C', semester: '1', topics: [] }, /^topics must name at least one topic$/],
      [
        { courseName: 'C', semester: '1', topics: 42 },
        /^topics must be a list of topics or comma-separated text$/,
      ],
      [
        { courseName: 'x'.repeat(201), semester: '1', topics: 'a' },
        /^courseName must be at most 200 characters$/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('is for teachers only: 401 without a token, 403 for students and admins', async () => {
    const payload = { courseName: 'C', semester: '1', topics: 'a' };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/syllabus-add', payload });
    expect(anonymous.statusCode).toBe(401);
    expect((await add(payload, studentToken)).statusCode).toBe(403);
    expect((await add(payload, adminToken)).statusCode).toBe(403);
  });
});

describe('GET /api/syllabus', () => {
  it('answers every role, and 401 without a token', async () => {
    for (const token of [studentToken, teacherToken, adminToken]) {
      const res = await list('', token);
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
    expect((await t.app.inject({ url: '/api/syllabus' })).statusCode).toBe(401);
  });

  it('searches the course name ignoring case, takes % and _ literally, and pages', async () => {
    const tag = 'Zqx';
    const names = [`${tag} Alpha`, `${tag} beta`, `${tag} Gamma 100%`, `Intro to ${tag.toUpperCase()}_x`];
    for (const courseName of names) {
      expect((await add({ courseName, semester: '1', topics: 'x' })).statusCode).toBe(201);
    }
    const found = (await list(`?search=${encodeURIComponent(tag.toLowerCase())}`)).json<
      {
        courseName: string;
      }[]
    >();
    expect(found.map((s) => s.courseName)).toEqual([names[3], names[0], names[1], names[2]]);
    const percent = (await list(`?search=${encodeURIComponent('100%')}`)).json<{ courseName: string }[]>();
    expect(percent.map((s) => s.courseName)).toEqual([names[2]]);
    const underscore = (await list(`?search=${encodeURIComponent(`${tag}_`)}`)).json<
      {
        courseName: string;
      }[]
    >();
    expect(underscore.map((s) => s.courseName)).toEqual([names[3]]);
    const page = (await list(`?search=${encodeURIComponent(tag)}&limit=2&offset=1`)).json<
      {
        courseName: string;
      }[]
    >();
    expect(page.map((s) => s.courseName)).toEqual(found.slice(1, 3).map((s) => s.courseName));
    expect((await list('?search=no-such-course-anywhere')).json()).toEqual([]);
  });

  it('refuses a bad limit with 400 naming it', async () => {
    const res = await list('?limit=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^limit\b/);
  });
});

describe('OpenAPI', () => {
  it('documents the syllabus routes with their schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(paths['/api/syllabus'].get.responses['200']).toBeDefined();
    const add = paths['/api/syllabus-add'].post;
    expect(add.requestBody.content['application/json'].schema.properties.topics).toBeDefined();
    expect(add.responses['201']).toBeDefined();
  });
});
