/**
 * Every list: without `limit` the whole list, with `limit`/`offset` one page, and always the number
 * of matching rows in `X-Total-Count`. The lists come from the server itself: a GET route that takes
 * a `limit` and has no entry here fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { Db } from '../src/db/index';
import type { Database } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { routeCatalog } from '../src/plugins/access';
import { createTestApp, type TestApp } from './app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  publishNotice,
  type StudentPerson,
} from './fixtures';

/** More rows than any list used to answer without a limit: 50, the roster 500, a history 2000. */
const ROWS = 60;
const ROSTER = 510;
const DAYS = 2010;
const GROUP = 'LIST-1';
const MARK_DATE = '2031-01-06';
const MARKER = 'zq-listed';
const ENDPOINT = newId();
const ACTOR = 424242;

let t: TestApp;
let student: StudentPerson;
const tokens = { student: '', teacher: '', admin: '' };

/** Inserts rows a hundred at a time, to stay below either database's limit on bound parameters. */
async function insertAll<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 100))
      .execute();
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const at = (i: number) => new Date(Date.UTC(2030, 0, 1) + i * 60_000).toISOString();
/** When a notice shows: in the past (a notice created "in 2030" shows now), in creation order. */
const shownFrom = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
const day = (i: number) => new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  student = await createStudent(db, { group: GROUP, name: `${MARKER} Student` });
  const teacher = await createTeacher(db, { groups: [GROUP] });
  const admin = await createAdmin(db);
  tokens.student = await login(t.app, student.loginId);
  tokens.teacher = await login(t.app, teacher.loginId);
  tokens.admin = await login(t.app, admin.loginId);
  // A course the group is taught, so that each of its students has a standing in it.
  const asAdmin = { authorization: `Bearer ${tokens.admin}` };
  const course = await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: asAdmin,
    payload: { code: 'LS101', name: 'Lists', credits: 2 },
  });
  expect(course.statusCode, course.body).toBe(201);
  const period = await t.app.inject({
    method: 'POST',
    url: '/api/periods',
    headers: asAdmin,
    payload: {
      course: 'LS101',
      group: GROUP,
      weekday: 3,
      start: '09:00',
      end: '09:50',
      room: 'L-1',
      teacherId: teacher.loginId,
    },
  });
  expect(period.statusCode, period.body).toBe(201);

  await insertAll(
    db,
    'notifications',
    range(ROWS).map((i) => ({
      id: newId(),
      account_id: student.accountId,
      kind: 'notice.mentor',
      text: `${MARKER} notice ${i}`,
      link: null,
      created_at: at(i),
      read_at: null,
    })),
  );

  const classmates = range(ROSTER - 1).map((i) => ({ id: newId(), rollNo: 700_000 + i }));
  await insertAll(
    db,
    'accounts',
    classmates.map((s) => ({
      id: s.id,
      login_id: s.rollNo,
      role: 'student' as const,
      password_hash: 'not-a-login',
      created_at: at(0),
    })),
  );
  await insertAll(
    db,
    'students',
    classmates.map((s, i) => ({
      account_id: s.id,
      roll_no: s.rollNo,
      name: `${MARKER} Classmate ${i}`,
      father_name: null,
      mother_name: null,
      gender: null,
      dob: null,
      category: null,
      phone_no: null,
      email: `classmate${i}@list.example.edu`,
      group_name: GROUP,
    })),
  );
  // Guardians (admin list) and a webhook endpoint's delivery log.
  const guardians = range(ROWS).map((i) => ({ id: newId(), loginId: 660_000 + i }));
  await insertAll(
    db,
    'accounts',
    guardians.map((g) => ({
      id: g.id,
      login_id: g.loginId,
      role: 'guardian' as const,
      password_hash: 'not-a-login',
      created_at: at(0),
    })),
  );
  await insertAll(
    db,
    'guardians',
    guardians.map((g, i) => ({
      account_id: g.id,
      name: `${MARKER} Guardian ${i}`,
      email: `guardian${i}@list.example.org`,
      phone_no: null,
      created_at: at(i),
    })),
  );
  await insertAll(db, 'webhook_endpoints', [
    {
      id: ENDPOINT,
      url: 'https://registrar.example.edu/hooks',
      description: MARKER,
      kinds: 'notice.published',
      enabled: 0,
      secret: 'sealed',
      previous_secret: null,
      previous_until: null,
      created_by: admin.accountId,
      created_at: at(0),
      updated_at: at(0),
    },
  ]);
  await insertAll(
    db,
    'webhook_deliveries',
    range(ROWS).map((i) => ({
      id: newId(),
      endpoint_id: ENDPOINT,
      kind: 'notice.published',
      body: '{}',
      status: 'delivered',
      attempts: 1,
      next_attempt_at: at(i),
      lease_owner: null,
      lease_until: null,
      response_status: 200,
      duration_ms: 5,
      last_error: null,
      created_at: at(i),
      last_attempt_at: at(i),
      delivered_at: at(i),
    })),
  );
  await insertAll(
    db,
    'performance',
    [student.rollNo, ...classmates.map((s) => s.rollNo)].map((rollNo) => ({
      roll_no: rollNo,
      tenth_percent: 80,
      twelfth_percent: 81,
      sem1_sgpa: 8,
      sem2_sgpa: 8,
      sem3_sgpa: 8,
      sem4_sgpa: 8,
      cgpa: 8,
    })),
  );
  await insertAll(
    db,
    'attendance',
    [student.rollNo, ...classmates.map((s) => s.rollNo)].map((rollNo) => ({
      roll_no: rollNo,
      date: MARK_DATE,
      status: 'Present' as const,
      marked_by: teacher.accountId,
      marked_at: at(0),
    })),
  );
  await insertAll(
    db,
    'attendance',
    range(DAYS).map((i) => ({
      roll_no: student.rollNo,
      date: day(i),
      status: i % 3 === 0 ? ('Absent' as const) : ('Present' as const),
      marked_by: teacher.accountId,
      marked_at: at(i),
    })),
  );

  const teachers = range(ROWS).map((i) => ({ id: newId(), teacherId: 800_000 + i }));
  await insertAll(
    db,
    'accounts',
    teachers.map((x) => ({
      id: x.id,
      login_id: x.teacherId,
      role: 'teacher' as const,
      password_hash: 'not-a-login',
      created_at: at(0),
    })),
  );
  await insertAll(
    db,
    'teachers',
    teachers.map((x, i) => ({
      account_id: x.id,
      teacher_id: x.teacherId,
      name: `${MARKER} Teacher ${i}`,
      gender: null,
      dob: null,
      phone_no: null,
      email: `teacher${i}@list.example.edu`,
    })),
  );
  await insertAll(
    db,
    'teacher_groups',
    teachers.map((x) => ({ teacher_account_id: x.id, group_name: GROUP })),
  );

  await insertAll(
    db,
    'gate_passes',
    range(ROWS).map((i) => ({
      id: newId(),
      roll_no: student.rollNo,
      contact: '900',
      date: '2031-02-01',
      time: '10:00',
      reason: `Reason ${i}`,
      status: 'pending' as const,
      created_at: at(i),
      decided_by: null,
      decided_at: null,
    })),
  );
  await insertAll(
    db,
    'leave_applications',
    range(ROWS).map((i) => ({
      id: newId(),
      roll_no: student.rollNo,
      from_date: '2031-02-01',
      to_date: '2031-02-02',
      reason: `Leave ${i}`,
      status: 'pending' as const,
      created_at: at(i),
      decided_by: null,
      decided_at: null,
      reject_reason: null,
    })),
  );
  const queries = range(2 * ROWS).map((i) => ({
    id: newId(),
    roll_no: student.rollNo,
    topic: `${MARKER} topic ${i}`,
    description: 'Why?',
    solution: i < ROWS ? null : 'Because.',
    solved_by: i < ROWS ? null : teacher.accountId,
    solved_at: i < ROWS ? null : at(i),
    likes: 0,
    created_at: at(i),
  }));
  await insertAll(db, 'queries', queries);
  await insertAll(
    db,
    'query_tags',
    queries.flatMap((q) => [
      { query_id: q.id, position: 0, tag: 'first' },
      { query_id: q.id, position: 1, tag: 'second' },
    ]),
  );
  const authored = { author_id: teacher.accountId, description: 'Read me.' };
  await insertAll(
    db,
    'mentor_notices',
    range(ROWS).map((i) => ({
      ...authored,
      id: newId(),
      teacher_name: 'T',
      email: 't@list.example.edu',
      heading: `Mentor ${i}`,
      created_at: at(i),
      starts_at: shownFrom(i),
    })),
  );
  await insertAll(
    db,
    'events',
    range(ROWS).map((i) => ({
      ...authored,
      id: newId(),
      event_name: `Event ${i}`,
      host_by: 'Club',
      contact_email: 'club@list.example.edu',
      date: '2031-03-01',
      time: '09:00',
      created_at: at(i),
      starts_at: shownFrom(i),
    })),
  );
  await insertAll(
    db,
    'notices',
    range(ROWS).map((i) => ({
      ...authored,
      id: newId(),
      heading: `Notice ${i}`,
      contact_email: 'office@list.example.edu',
      created_at: at(i),
      starts_at: shownFrom(i),
    })),
  );
  await insertAll(
    db,
    'syllabus',
    range(ROWS).map((i) => ({
      id: newId(),
      course_name: `${MARKER} course ${i}`,
      semester: '1',
      topics: '["One","Two"]',
      created_by: teacher.accountId,
      created_at: at(i),
    })),
  );
  await insertAll(
    db,
    'support_messages',
    range(ROWS).map((i) => ({
      id: newId(),
      name: `${MARKER} ${i}`,
      email: 'someone@list.example.edu',
      role: 'Student',
      query_type: 'Query',
      message: 'Help',
      created_at: at(i),
    })),
  );
  await insertAll(
    db,
    'audit_log',
    range(ROWS).map((i) => ({
      id: newId(),
      at: at(i),
      kind: 'faq.delete',
      actor_login_id: ACTOR,
      actor_role: 'admin',
      target: `item ${i}`,
      detail: null,
      count: 1,
    })),
  );
});
afterAll(() => t.close());

type Role = keyof typeof tokens;
interface ListCase {
  route: string;
  url: () => string;
  as: Role;
  /** At least this many rows match (this file's data; other rows may match too where nothing filters). */
  atLeast: number;
  /** The three query lists answer `{ queries: [...] }`. */
  wrapped?: boolean;
}

const LISTS: ListCase[] = [
  { route: '/api/contact-teachers', url: () => '/api/contact-teachers', as: 'student', atLeast: ROWS },
  {
    route: '/api/manage-students',
    url: () => `/api/manage-students?group=${GROUP}`,
    as: 'teacher',
    atLeast: ROSTER,
  },
  { route: '/api/student', url: () => `/api/student?search=${MARKER}`, as: 'admin', atLeast: ROSTER },
  { route: '/api/teachers', url: () => `/api/teachers?search=${MARKER}`, as: 'admin', atLeast: ROWS },
  { route: '/api/students', url: () => `/api/students?group=${GROUP}`, as: 'teacher', atLeast: ROSTER },
  {
    route: '/api/students-performance',
    url: () => `/api/students-performance?search=${MARKER}`,
    as: 'teacher',
    atLeast: ROSTER,
  },
  { route: '/api/marks', url: () => `/api/marks?group=${GROUP}`, as: 'teacher', atLeast: ROSTER },
  {
    route: '/api/course-risk',
    url: () => `/api/course-risk?group=${GROUP}&atRisk=false`,
    as: 'teacher',
    atLeast: ROSTER,
  },
  {
    route: '/api/attendance-marks',
    url: () => `/api/attendance-marks?group=${GROUP}&date=${MARK_DATE}`,
    as: 'teacher',
    atLeast: ROSTER,
  },
  {
    route: '/api/attendance/:rollNo',
    url: () => `/api/attendance/${student.rollNo}`,
    as: 'student',
    atLeast: DAYS + 1,
  },
  {
    route: '/api/gatepasses/:status/:rollNo',
    url: () => `/api/gatepasses/pending/${student.rollNo}`,
    as: 'student',
    atLeast: ROWS,
  },
  { route: '/api/gatepasses/:status', url: () => '/api/gatepasses/pending', as: 'teacher', atLeast: ROWS },
  { route: '/api/get-mentor-notices', url: () => '/api/get-mentor-notices', as: 'student', atLeast: ROWS },
  { route: '/api/get-events', url: () => '/api/get-events', as: 'student', atLeast: ROWS },
  { route: '/api/get-notices', url: () => '/api/get-notices', as: 'student', atLeast: ROWS },
  { route: '/api/syllabus', url: () => `/api/syllabus?search=${MARKER}`, as: 'student', atLeast: ROWS },
  {
    route: '/api/queries-without-solution',
    url: () => '/api/queries-without-solution',
    as: 'student',
    atLeast: ROWS,
    wrapped: true,
  },
  {
    route: '/api/queries-with-solution',
    url: () => '/api/queries-with-solution',
    as: 'teacher',
    atLeast: ROWS,
    wrapped: true,
  },
  {
    route: '/api/queries-by-rollno/:rollNo',
    url: () => `/api/queries-by-rollno/${student.rollNo}`,
    as: 'student',
    atLeast: 2 * ROWS,
    wrapped: true,
  },
  { route: '/api/queries', url: () => `/api/queries?search=${MARKER}`, as: 'admin', atLeast: 2 * ROWS },
  { route: '/api/supports', url: () => `/api/supports?search=${MARKER}`, as: 'admin', atLeast: ROWS },
  { route: '/api/audit-log', url: () => `/api/audit-log?actor=${ACTOR}`, as: 'admin', atLeast: ROWS },
  { route: '/api/notifications', url: () => '/api/notifications', as: 'student', atLeast: ROWS },
  { route: '/api/leave/mine', url: () => '/api/leave/mine', as: 'student', atLeast: ROWS },
  { route: '/api/leave', url: () => '/api/leave', as: 'teacher', atLeast: ROWS },
  { route: '/api/guardians', url: () => `/api/guardians?search=${MARKER}`, as: 'admin', atLeast: ROWS },
  {
    route: '/api/admin/webhooks/:id/deliveries',
    url: () => `/api/admin/webhooks/${ENDPOINT}/deliveries`,
    as: 'admin',
    atLeast: ROWS,
  },
];

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

async function read(list: ListCase, query = '') {
  const res = await t.app.inject({
    url: query ? withQuery(list.url(), query) : list.url(),
    headers: bearer(tokens[list.as]),
  });
  expect(res.statusCode, `${list.url()} ${query}: ${res.body.slice(0, 200)}`).toBe(200);
  const body = res.json<unknown[] | { queries: unknown[] }>();
  const rows = Array.isArray(body) ? body : body.queries;
  expect(Array.isArray(body), `${list.route} answers ${list.wrapped ? '{ queries }' : 'an array'}`).toBe(
    !list.wrapped,
  );
  return { rows, total: res.headers['x-total-count'] };
}

describe('every list', () => {
  it('is in this table: each GET route that takes a limit', async () => {
    // A stream (live updates) is no list, and its answer does not end.
    const routes = routeCatalog(t.app).filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.stream,
    );
    const paged: string[] = [];
    for (const route of routes) {
      const url = route.url
        .replace(':rollNo', String(student.rollNo))
        .replace(':teacherId', '1')
        .replace(':status', 'pending')
        .replace(':token', tokens.admin)
        .replace(':id', newId());
      for (const token of Object.values(tokens)) {
        const res = await t.app.inject({ url: withQuery(url, 'limit=0'), headers: bearer(token) });
        if (res.statusCode === 403) continue;
        if (res.statusCode === 400 && /\blimit\b/.test(res.body)) paged.push(route.url);
        break;
      }
    }
    expect(paged.sort()).toEqual(LISTS.map((l) => l.route).sort());
  });

  it.each(LISTS.map((list) => [list.route, list] as const))(
    '%s answers the whole list without a limit, and its total',
    async (_route, list) => {
      const { rows, total } = await read(list);
      expect(rows.length).toBeGreaterThanOrEqual(list.atLeast);
      expect(total).toBe(String(rows.length));
    },
  );

  it.each(LISTS.map((list) => [list.route, list] as const))(
    '%s pages with limit and offset and still sends the whole total',
    async (_route, list) => {
      const whole = await read(list);
      const page = await read(list, 'limit=2&offset=1');
      expect(page.rows).toEqual(whole.rows.slice(1, 3));
      expect(page.total).toBe(whole.total);
      const beyond = await read(list, `limit=5&offset=${whole.rows.length}`);
      expect(beyond).toEqual({ rows: [], total: whole.total });
      const last = await read(list, `offset=${whole.rows.length - 1}`);
      expect(last).toEqual({ rows: whole.rows.slice(-1), total: whole.total });
    },
  );

  it('counts a write that follows a cached read', async () => {
    const notices = LISTS.find((l) => l.route === '/api/get-notices')!;
    const before = await read(notices);
    const paged = await read(notices, 'limit=1');
    expect(paged.total).toBe(before.total);
    const created = await publishNotice(t.app, tokens.teacher, `${MARKER} fresh`);
    expect(created.statusCode).toBe(201);
    const after = await read(notices);
    expect(after.total).toBe(String(before.rows.length + 1));
    expect(after.rows).toHaveLength(before.rows.length + 1);
    expect((await read(notices, 'limit=1')).total).toBe(after.total);
  });
});
