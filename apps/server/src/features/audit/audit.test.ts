import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRepository } from './repository';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  PASSWORD,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';

let t: TestApp;
let student: StudentPerson;
let teacher: Person;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  student = await createStudent(t.handle.db, { group: 'A-1' });
  teacher = await createTeacher(t.handle.db, { groups: ['A-1'] });
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

async function auditLog(query: Record<string, string>) {
  const res = await t.app.inject({ url: '/api/audit-log', query, headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json<
    {
      kind: string;
      actorLoginId: number | null;
      actorName: string | null;
      target: string | null;
      detail: string | null;
      client: string | null;
      count: number;
    }[]
  >();
}

describe('audit log', () => {
  it('records a gate pass decision with who, what and when', async () => {
    const studentToken = await login(t.app, student.loginId);
    const teacherToken = await login(t.app, teacher.loginId);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/submit-gatepass',
      headers: bearer(studentToken),
      payload: { date: '2030-12-01', time: '10:00', reason: 'Dentist' },
    });
    expect(submitted.statusCode).toBe(201);
    const id = submitted.json<{ gatepass: { _id: string } }>().gatepass._id;
    const decided = await t.app.inject({
      method: 'PUT',
      url: '/api/gatepasses/update-status',
      headers: bearer(teacherToken),
      payload: { gatepassId: id, approvedStatus: 'approved' },
    });
    expect(decided.statusCode).toBe(200);

    const decisions = await auditLog({ kind: 'gatepass.decision', actor: String(teacher.loginId) });
    expect(decisions).toEqual([
      expect.objectContaining({
        kind: 'gatepass.decision',
        actorLoginId: teacher.loginId,
        actorName: teacher.name,
        target: id,
        detail: 'approved',
      }),
    ]);
    const submissions = await auditLog({ kind: 'gatepass.submit', actor: String(student.loginId) });
    expect(submissions[0]).toMatchObject({ target: id, actorName: student.name });
  });

  it('records sign-in failures against the User ID tried, and not refused changes', async () => {
    const other = await createStudent(t.handle.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: String(other.loginId), password: 'wrong' },
    });
    const failures = await auditLog({ kind: 'signin.failure', actor: String(other.loginId) });
    expect(failures).toEqual([expect.objectContaining({ detail: 'HTTP 401', actorLoginId: other.loginId })]);

    const token = await login(t.app, other.loginId);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/submit-gatepass',
      headers: bearer(token),
      payload: { reason: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await auditLog({ kind: 'gatepass.submit', actor: String(other.loginId) })).toEqual([]);
  });

  it('records successful sign-ins and every refusal with the client address', async () => {
    const person = await createStudent(t.handle.db);
    const signIn = (payload: object, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });
    const userId = String(person.loginId);
    expect((await signIn({ userId, password: PASSWORD }, '192.0.2.10')).statusCode).toBe(200);
    expect((await signIn({ userId, password: 'wrong' }, '192.0.2.11')).statusCode).toBe(401);
    expect((await signIn({ userId }, '2001:db8:5:6:7::8')).statusCode).toBe(400);
    expect(await auditLog({ kind: 'signin.success', actor: userId })).toEqual([
      expect.objectContaining({ actorLoginId: person.loginId, target: userId, client: '192.0.2.10' }),
    ]);
    const failures = await auditLog({ kind: 'signin.failure', actor: userId });
    expect(failures.map((f) => [f.detail, f.client])).toEqual([['HTTP 401', '192.0.2.11']]);
    // A request that names no valid User ID is counted against its client (record 0024).
    const malformed = (await auditLog({ kind: 'signin.failure' })).filter((f) => f.detail === 'HTTP 400');
    expect(malformed).toContainEqual(
      expect.objectContaining({ actorLoginId: null, target: null, client: '2001:db8:5:6::/64', count: 1 }),
    );
  });

  it('keeps every entry of changes that finish together, written in one statement', async () => {
    const audit = auditRepository(t.handle.db, t.handle.dialect);
    const actor = 900_000 + Math.floor(Math.random() * 90_000);
    // The first goes at once; the four that arrive while it is written go together after it.
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        audit.record({
          kind: 'query.like',
          actorLoginId: actor,
          actorRole: 'student',
          target: `q-${n}`,
          detail: n % 2 === 0 ? null : 'liked',
        }),
      ),
    );
    const entries = await auditLog({ kind: 'query.like', actor: String(actor) });
    expect(entries.map((e) => [e.target, e.detail, e.actorLoginId]).sort()).toEqual([
      ['q-1', 'liked', actor],
      ['q-2', null, actor],
      ['q-3', 'liked', actor],
      ['q-4', null, actor],
      ['q-5', 'liked', actor],
    ]);
  });

  it("writes a mark's, a question's and a pass's entries with the change, once each", async () => {
    const pupil = await createStudent(t.handle.db, { group: 'A-1' });
    const marker = await createTeacher(t.handle.db, { groups: ['A-1'] });
    const teacherToken = await login(t.app, marker.loginId);
    const studentToken = await login(t.app, pupil.loginId);
    const post = (url: string, token: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const mark = (records: [number, string][]) =>
      post('/api/mark-attendance', teacherToken, {
        date: '2024-03-04',
        attendanceRecords: records.map(([studentId, status]) => ({ studentId, status })),
      });
    expect((await mark([[pupil.rollNo, 'Present']])).statusCode).toBe(200);
    expect((await mark([[pupil.rollNo, 'Absent']])).statusCode).toBe(200);
    // Unchanged: nothing to write but its entry.
    expect((await mark([[pupil.rollNo, 'Absent']])).statusCode).toBe(200);
    // An unknown student refuses the whole mark, and it leaves no entry.
    const refused = await mark([
      [pupil.rollNo, 'Present'],
      [99_999_999, 'Present'],
    ]);
    expect(refused.statusCode).toBe(400);
    const actor = String(marker.loginId);
    const marks = await auditLog({ kind: 'attendance.mark', actor });
    expect(marks.map((e) => [e.target, e.detail])).toEqual([
      ['2024-03-04', '1 records'],
      ['2024-03-04', '1 records'],
      ['2024-03-04', '1 records'],
    ]);
    const corrections = await auditLog({ kind: 'attendance.correct', actor });
    expect(corrections.map((e) => e.detail)).toEqual([`1 corrected: ${pupil.rollNo} Present → Absent`]);
    const history = await t.app.inject({
      url: `/api/attendance/${pupil.rollNo}`,
      headers: bearer(studentToken),
    });
    expect(history.json<{ status: string }[]>().map((r) => r.status)).toEqual(['Absent']);

    const asked = await post('/api/submit-query', studentToken, {
      topic: 'Library hours',
      tags: 'library',
      query: 'When does it open?',
    });
    expect(asked.statusCode).toBe(201);
    const queryId = asked.json<{ query: { _id: string } }>().query._id;
    expect(await auditLog({ kind: 'query.submit', actor: String(pupil.loginId) })).toEqual([
      expect.objectContaining({ target: queryId, actorName: pupil.name }),
    ]);
    const applied = await post('/api/submit-gatepass', studentToken, {
      date: '2030-12-02',
      time: '11:00',
      reason: 'Bank',
    });
    expect(applied.statusCode).toBe(201);
    const passId = applied.json<{ gatepass: { _id: string } }>().gatepass._id;
    expect(await auditLog({ kind: 'gatepass.submit', actor: String(pupil.loginId) })).toEqual([
      expect.objectContaining({ target: passId, actorName: pupil.name }),
    ]);
  });

  it('refuses students and teachers, and an unknown kind', async () => {
    for (const person of [student, teacher]) {
      const token = await login(t.app, person.loginId);
      expect((await t.app.inject({ url: '/api/audit-log', headers: bearer(token) })).statusCode).toBe(403);
    }
    const bad = await t.app.inject({ url: '/api/audit-log?kind=everything', headers: bearer(adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/kind/);
  });
});
