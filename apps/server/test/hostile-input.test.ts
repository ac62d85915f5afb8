/**
 * Hostile input: for every route with a body, path parameters or a query string, hundreds of
 * generated malformed and hostile requests. Never a 5xx, every refusal is `{ message }`, and a
 * refused request leaves the database exactly as it was.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCatalog, type CatalogEntry } from '../src/plugins/access';
import { createTestApp, type TestApp } from './app';
import {
  bearer,
  createAdmin,
  createGuard,
  createGuardian,
  createStudent,
  createTeacher,
  injectRoute,
  login,
} from './fixtures';

/**
 * Inputs per route. Most are refused by validation before any SQL runs, the same on both databases;
 * PostgreSQL's run (five times slower a request, with the two snapshots of each) tries a quarter as
 * many, enough for what reaches its SQL.
 */
const RUNS = process.env.TEST_DATABASE_URL ? 50 : 200;
const TABLES = [
  'accounts',
  'students',
  'teachers',
  'teacher_groups',
  'admins',
  'gate_passes',
  'queries',
  'query_tags',
  'query_likes',
  'mentor_notices',
  'events',
  'notices',
  'notice_audience_groups',
  'syllabus',
  'performance',
  'attendance',
  'support_messages',
  'faq',
  'leave_applications',
  'leave_attachments',
  'mail_queue',
  'mail_settings',
  'mail_digest_items',
  'password_resets',
  'guardian_optouts',
  'campus_settings',
  'guards',
  'gate_scans',
  'courses',
  'teachings',
  'periods',
  'holidays',
  'lecture_marks',
  'api_clients',
  'webhook_endpoints',
  'webhook_deliveries',
  'course_totals',
  'calendar_feeds',
  'push_subscriptions',
  'push_queue',
];
const FIELDS = [
  'userId',
  'password',
  'type',
  'data',
  'courseName',
  'semester',
  'topics',
  'date',
  'time',
  'reason',
  'contact',
  'gatepassId',
  'approvedStatus',
  'topic',
  'tags',
  'query',
  'queryId',
  'solution',
  'attendanceRecords',
  'studentId',
  'status',
  'markedBy',
  'name',
  'email',
  'role',
  'queryType',
  'message',
  'question',
  'answer',
  'currentPassword',
  'newPassword',
  'heading',
  'description',
  'eventName',
  'hostBy',
  'contactEmail',
  'rollNo',
  'likes',
  'from',
  'to',
  'attachment',
  'decision',
  'rejectReason',
  'overrideLeave',
  'onLeave',
  'token',
  'gatePassDecided',
  'notices',
  'supportMessages',
  'attendanceBelowWarning',
  'gatePass',
  'credential',
  'code',
  'direction',
  'scanId',
  'returnBy',
  'guardId',
  'phoneNo',
  'anonymous',
  'audience',
  'groups',
  'startsAt',
  'endsAt',
  'pinned',
  '__proto__',
  'constructor',
  'prototype',
];
const QUERY_KEYS = ['limit', 'offset', 'search', 'group', 'q', 'date', 'status', 'token', 'type', 'tag'];

const fragments = fc.constantFrom(
  "' OR 1=1 --",
  '"; DROP TABLE students; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFEFF',
  '💥🏫',
  'ℌ𝔢𝔩𝔩𝔬',
  '\u202Eevil',
  '{"$gt":""}',
  '__proto__',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '9999999999999999999999',
  '2023-02-30',
  '24:61',
  '0000-00-00',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'x'.repeat(70_000),
  ' ',
  '',
);
const hostileString = fc.oneof(
  fragments,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.array(fc.dictionary(fc.constantFrom(...FIELDS), hostileString, { maxKeys: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...FIELDS), hostileString, { maxKeys: 4 }),
);
/** Bodies as raw JSON text, so keys such as __proto__ reach the server as sent. */
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  fc.anything().map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '{"__proto__":{"role":"admin"}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{',
    '[]',
    '"text"',
    'null',
    '{"a":',
  ),
);
const hostileQuery = fc.dictionary(fc.constantFrom(...QUERY_KEYS), hostileString, { maxKeys: 4 });

let t: TestApp;
const loginIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const student = await createStudent(db, { group: 'H-1' });
  const teacher = await createTeacher(db, { groups: ['H-1'] });
  const admin = await createAdmin(db);
  const guard = await createGuard(db);
  const guardian = await createGuardian(db, [student.rollNo]);
  Object.assign(loginIds, {
    student: student.loginId,
    teacher: teacher.loginId,
    admin: admin.loginId,
    guard: guard.loginId,
    guardian: guardian.loginId,
  });
  // Malformed sign-ins count against their client (record 0024): signed in once before them, each
  // person's client is known, so the hostile bodies sent to /api/login do not lock out the sign-ins
  // the other routes need.
  for (const id of Object.values(loginIds)) await login(t.app, id);
});
afterAll(() => t.close());

async function snapshot(): Promise<string> {
  const columns = TABLES.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`);
  const { rows } = await sql`select ${sql.join(columns)}`.execute(t.handle.db);
  return JSON.stringify(rows[0], (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

async function tokenFor(route: CatalogEntry): Promise<string | undefined> {
  if (route.access === 'public') return undefined;
  const role = route.access[0]!;
  const id = loginIds[role]!;
  return login(t.app, id);
}

const paramNames = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

describe('hostile input', () => {
  const stats = { routes: 0, requests: 0 };

  it('never answers 5xx, always names the problem, and keeps the database unchanged on refusal', async () => {
    const routes = routeCatalog(t.app).filter((r) => !r.url.startsWith('/api/docs'));
    for (const route of routes) {
      const params = paramNames(route.url);
      const hasBody = route.method === 'POST' || route.method === 'PUT';
      stats.routes++;
      const token = await tokenFor(route);
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: params.length, maxLength: params.length }),
          hostileQuery,
          hostileBody,
          async (paramValues, query, body) => {
            let url = route.url;
            params.forEach((name, i) => {
              const value = encodeURIComponent(paramValues[i]!.slice(0, 3000)) || 'x';
              url = name === '*' ? url.replace('*', value) : url.replace(`:${name}`, value);
            });
            if (params.includes('token') && token) url = url.replace(/\/[^/]*$/, `/${token}`);
            const before = await snapshot();
            const res = await injectRoute(
              t.app,
              {
                method: route.method,
                url,
                query,
                headers: {
                  ...(token ? bearer(token) : {}),
                  ...(hasBody ? { 'content-type': 'application/json' } : {}),
                },
                ...(hasBody ? { payload: body } : {}),
              },
              route.stream,
            );
            stats.requests++;
            expect(res.statusCode, `${route.method} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(typeof res.json<{ message?: unknown }>().message).toBe('string');
              expect(await snapshot(), `${route.method} ${url} changed data while refusing`).toBe(before);
            }
          },
        ),
        { numRuns: RUNS },
      );
    }
    expect(stats.requests).toBeGreaterThanOrEqual(routes.length * RUNS);
    console.info(`hostile input: ${stats.routes} routes, ${stats.requests} requests, 0 server errors`);
  }, 600_000);
});
