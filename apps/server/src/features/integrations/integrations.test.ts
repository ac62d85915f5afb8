import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_SCOPE_ROUTES,
  API_SCOPES,
  type ApiClient,
  type ApiClientCreated,
  type ApiScope,
} from '@campus/contract';
import { routeCatalog } from '../../plugins/access';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  SAME_ORIGIN,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';
import { hashToken } from './repository';

let t: TestApp;
const clock = testClock(Date.parse('2031-03-04T10:00:00Z'));
let admin: Person;
let adminToken: string;
let student: StudentPerson;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await createAdmin(t.handle.db);
  adminToken = await login(t.app, admin.loginId);
  student = await createStudent(t.handle.db, { group: 'I-1' });
});
afterAll(() => t.close());

const create = (payload: object, token = adminToken) =>
  t.app.inject({ method: 'POST', url: '/api/api-clients', payload, headers: bearer(token) });

async function clientWith(scopes: ApiScope[], extra: object = {}): Promise<ApiClientCreated> {
  const res = await create({
    name: `Registrar ${scopes.join(',')}`.slice(0, 80),
    scopes,
    expiresInDays: 30,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiClientCreated>();
}

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const markPayload = (date: string) => ({
  date,
  attendanceRecords: [{ studentId: student.rollNo, status: 'Present' }],
});

describe('API clients', () => {
  it('shows the token once, keeps only its hash, and never lists it', async () => {
    const { token, client } = await clientWith(['read:attendance']);
    expect(token).toMatch(/^cp_[A-Za-z0-9_-]{43}$/);
    expect(client.tokenHint).toBe(`${token.slice(0, 9)}…`);
    expect(client.scopes).toEqual(['read:attendance']);
    expect(client.createdBy).toBe(admin.name);
    const listed = await call('GET', '/api/api-clients', adminToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token);
    expect(listed.json<ApiClient[]>().map((c) => c.id)).toContain(client.id);
    const row = await t.handle.db
      .selectFrom('api_clients')
      .selectAll()
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(3));
    // The audit entry names the client and its scopes, never the token.
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('kind', '=', 'api_client.create')
      .where('target', '=', client.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toBe('Registrar read:attendance: read:attendance');
    expect(JSON.stringify(audit)).not.toContain(token.slice(3));
  });

  it('reads attendance with read:attendance and is refused a mark, naming the scope', async () => {
    const { token } = await clientWith(['read:attendance']);
    const read = await call('GET', `/api/attendance/${student.rollNo}`, token);
    expect(read.statusCode, read.body).toBe(200);
    const refused = await call('POST', '/api/mark-attendance', token, markPayload('2031-03-03'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('write:attendance');
    const marks = await t.handle.db
      .selectFrom('attendance')
      .selectAll()
      .where('roll_no', '=', student.rollNo)
      .execute();
    expect(marks).toEqual([]);
  });

  it('marks attendance with write:attendance, in the name of the admin who made the client', async () => {
    const { token } = await clientWith(['write:attendance']);
    const res = await call('POST', '/api/mark-attendance', token, markPayload('2031-03-02'));
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.handle.db
      .selectFrom('attendance')
      .selectAll()
      .where('roll_no', '=', student.rollNo)
      .where('date', '=', '2031-03-02')
      .executeTakeFirstOrThrow();
    expect([row.status, row.marked_by]).toEqual(['Present', admin.accountId]);
  });

  it('lists students only with read:people', async () => {
    const without = await clientWith(['read:attendance']);
    const refused = await call('GET', '/api/students?group=I-1', without.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('read:people');
    const withIt = await clientWith(['read:people']);
    const listed = await call('GET', '/api/students?group=I-1', withIt.token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ RollNo: number }[]>().map((s) => s.RollNo)).toContain(student.rollNo);
  });

  it('opens no route without a scope: a token cannot manage clients or read the audit log', async () => {
    const { token } = await clientWith([...API_SCOPES]);
    for (const url of ['/api/api-clients', '/api/audit-log', '/api/leave']) {
      const res = await call('GET', url, token);
      expect(res.statusCode, url).toBe(403);
    }
    const made = await create({ name: 'Escalation', scopes: ['read:people'], expiresInDays: 1 }, token);
    expect(made.statusCode).toBe(403);
  });

  it('refuses a revoked token with 401 from the next request on', async () => {
    const { token, client } = await clientWith(['read:attendance']);
    expect((await call('GET', `/api/attendance/${student.rollNo}`, token)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-clients/${client.id}`,
      headers: { ...bearer(adminToken), ...SAME_ORIGIN },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ client: ApiClient }>().client.revokedAt).not.toBeNull();
    const after = await call('GET', `/api/attendance/${student.rollNo}`, token);
    expect(after.statusCode).toBe(401);
    expect(after.json<{ message: string }>().message).toMatch(/revoked or expired/);
    const guessed = await call('GET', `/api/attendance/${student.rollNo}`, `cp_${'A'.repeat(43)}`);
    expect(guessed.statusCode).toBe(401);
  });

  it('spends its own budget a minute: 429 with Retry-After over it, and again after the minute', async () => {
    const { token } = await clientWith(['read:timetable'], { perMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call('GET', '/api/courses', token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const over = await call('GET', '/api/courses', token);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json<{ message: string }>().message).toContain('3 requests a minute');
    // The admin who made it is not held back by it.
    expect((await call('GET', '/api/courses', adminToken)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await call('GET', '/api/courses', token)).statusCode).toBe(200);
  });

  it('leaves a trace of every use in the audit log, refusals too, and keeps the last use', async () => {
    const { token, client } = await clientWith(['read:attendance']);
    for (let i = 0; i < 3; i++) await call('GET', `/api/attendance/${student.rollNo}`, token);
    await call('GET', '/api/students', token);
    const rows = await t.handle.db
      .selectFrom('audit_log')
      .select(['detail', 'count', 'actor_login_id', 'actor_role'])
      .where('kind', '=', 'api_client.use')
      .where('target', '=', client.id)
      .orderBy('detail')
      .execute();
    expect(rows.map((r) => [r.detail, r.count, r.actor_login_id, r.actor_role])).toEqual([
      [`${client.name}: GET /api/attendance/:rollNo → 200`, 3, admin.loginId, 'api_client'],
      [`${client.name}: GET /api/students → 403`, 1, admin.loginId, 'api_client'],
    ]);
    const listed = (await call('GET', '/api/api-clients', adminToken)).json<ApiClient[]>();
    expect(listed.find((c) => c.id === client.id)?.lastUsedAt).toBe(new Date(clock.now()).toISOString());
  });

  it('lets no student or teacher manage clients', async () => {
    const teacher = await createTeacher(t.handle.db);
    for (const token of [await login(t.app, student.loginId), await login(t.app, teacher.loginId)]) {
      expect((await call('GET', '/api/api-clients', token)).statusCode).toBe(403);
      expect((await create({ name: 'x', scopes: ['read:people'], expiresInDays: 1 }, token)).statusCode).toBe(
        403,
      );
    }
  });

  it('refuses an expiry past a year, an unknown scope and no scope', async () => {
    for (const body of [
      { name: 'Long', scopes: ['read:people'], expiresInDays: 366 },
      { name: 'Odd', scopes: ['read:everything'], expiresInDays: 1 },
      { name: 'None', scopes: [], expiresInDays: 1 },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('names each route’s scope in the OpenAPI document, and every scoped route exists', async () => {
    const registered = new Map(routeCatalog(t.app).map((r) => [`${r.method} ${r.url}`, r.scope]));
    for (const scope of API_SCOPES) {
      for (const route of API_SCOPE_ROUTES[scope]) expect(registered.get(route), route).toBe(scope);
    }
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; description?: string; 'x-scope'?: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.apiClient).toBeDefined();
    const attendance = doc.paths['/api/attendance/{rollNo}']!.get!;
    expect(attendance.security).toContainEqual({ apiClient: ['read:attendance'] });
    expect(attendance['x-scope']).toBe('read:attendance');
    expect(attendance.description).toContain('`read:attendance`');
    expect(doc.paths['/api/mark-attendance']!.post!.security).toContainEqual({
      apiClient: ['write:attendance'],
    });
    expect(doc.paths['/api/api-clients']!.get!.security).toBeUndefined();
  });

  // Last: it moves the clock past every client's expiry.
  it('refuses an expired token with 401', async () => {
    const { token } = await clientWith(['read:attendance'], { expiresInDays: 1 });
    expect((await call('GET', `/api/attendance/${student.rollNo}`, token)).statusCode).toBe(200);
    clock.advance(86_400_000);
    const expired = await call('GET', `/api/attendance/${student.rollNo}`, token);
    expect(expired.statusCode).toBe(401);
  });
});
