/**
 * Passes whose day passed while pending close themselves (audited, by the system), and the spec's
 * list routes sort revoked and expired passes so that its client never shows one as approved, while
 * the web app's view keeps each under its decision (decision record 0067).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type AuditEntry, type BulkGatePassStatusResponse, type GatePass } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';
import { newId, nowIso } from '../../lib/ids';
import { pruneExpired } from '../maintenance/prune';

let t: TestApp;
let teacherToken: string;
let adminToken: string;
const today = new Date().toISOString().slice(0, 10);
const yesterday = addDays(today, -1);

beforeAll(async () => {
  t = await createTestApp();
  const [teacher, admin] = await Promise.all([createTeacher(t.handle.db), createAdmin(t.handle.db)]);
  [teacherToken, adminToken] = await Promise.all([
    login(t.app, teacher.loginId),
    login(t.app, admin.loginId),
  ]);
});
afterAll(() => t.close());

const request = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function ids(url: string, token = teacherToken): Promise<string[]> {
  const res = await request('GET', url, token);
  expect(res.statusCode).toBe(200);
  return res.json<GatePass[]>().map((p) => p._id);
}

async function passIn(url: string, id: string, token = teacherToken): Promise<GatePass | undefined> {
  const res = await request('GET', url, token);
  expect(res.statusCode).toBe(200);
  return res.json<GatePass[]>().find((p) => p._id === id);
}

/** A pass written straight into the table: no route files one for a past day or decides it by date. */
async function passOn(
  student: StudentPerson,
  date: string,
  status: 'pending' | 'approved',
  moves: { exited_at?: string; revoked_at?: string } = {},
): Promise<string> {
  const id = newId();
  await t.handle.db
    .insertInto('gate_passes')
    .values({
      id,
      roll_no: student.rollNo,
      contact: '',
      date,
      time: '10:00',
      reason: `Errand ${id}`,
      status,
      created_at: nowIso(),
      decided_by: null,
      decided_at: status === 'approved' ? nowIso() : null,
      ...moves,
    })
    .execute();
  return id;
}

describe('a pending pass whose day has passed', () => {
  it('is in no pending list, cannot be approved (409), and is closed: rejected by no one, audited by the system', async () => {
    const student = await createStudent(t.handle.db);
    const studentToken = await login(t.app, student.loginId);
    const id = await passOn(student, yesterday, 'pending');

    expect(await ids('/api/gatepasses/pending?limit=200')).not.toContain(id);
    expect(await ids(`/api/gatepasses/pending/${student.rollNo}`, studentToken)).not.toContain(id);

    const approve = await request('PUT', '/api/gatepasses/update-status', teacherToken, {
      gatepassId: id,
      approvedStatus: 'approved',
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toMatch(
      /^This gate pass closed on its own: its day, .+, passed before anyone decided it$/,
    );

    const closed = await passIn('/api/gatepasses/rejected?asDecided=true&limit=200', id);
    expect(closed).toMatchObject({ approvedStatus: 'rejected', closedAt: expect.any(String) });
    expect(closed).not.toHaveProperty('decidedBy');
    expect(await ids(`/api/gatepasses/rejected/${student.rollNo}`, studentToken)).toContain(id);

    const log = await request('GET', '/api/audit-log?kind=gatepass.close&limit=100', adminToken);
    expect(log.statusCode).toBe(200);
    expect(log.json<AuditEntry[]>().find((e) => e.target === id)).toMatchObject({
      actorName: 'System',
      actorRole: 'system',
      actorLoginId: null,
      detail: `Not decided by its day, ${yesterday}`,
    });
  });

  it('answers closed in a bulk decision, and the hourly maintenance closes every one in a sweep', async () => {
    const student = await createStudent(t.handle.db);
    const asked = await passOn(student, yesterday, 'pending');
    const bulk = await request('PUT', '/api/gatepasses/update-status-bulk', teacherToken, {
      gatepassIds: [asked],
      approvedStatus: 'approved',
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json<BulkGatePassStatusResponse>().results).toEqual([
      { gatepassId: asked, outcome: 'closed' },
    ]);

    const due = [
      await passOn(student, addDays(today, -3), 'pending'),
      await passOn(student, yesterday, 'pending'),
    ];
    const upcoming = await passOn(student, addDays(today, 2), 'pending');
    const swept = await pruneExpired(t.handle.db, t.handle.dialect, new Date(), { auditRetentionDays: 30 });
    expect(swept.closedPasses).toBeGreaterThanOrEqual(2);
    const rows = await t.handle.db
      .selectFrom('gate_passes')
      .select(['id', 'status', 'closed_at'])
      .where('id', 'in', [...due, upcoming])
      .orderBy('date')
      .execute();
    expect(rows.map((r) => [r.id, r.status, r.closed_at !== null])).toEqual([
      [due[0], 'rejected', true],
      [due[1], 'rejected', true],
      [upcoming, 'pending', false],
    ]);

    const overview = await request('GET', '/api/admin/overview', adminToken);
    expect(overview.statusCode).toBe(200);
    expect(overview.json().attention.stalePendingGatePasses).toBe(0);
  });
});

describe("the spec's list routes", () => {
  it('list a revoked pass under rejected as rejected, never under approved; the web view keeps it under approved', async () => {
    const student = await createStudent(t.handle.db);
    const studentToken = await login(t.app, student.loginId);
    const id = await passOn(student, addDays(today, 1), 'approved');
    expect(await ids(`/api/gatepasses/approved/${student.rollNo}`, studentToken)).toContain(id);
    const revoke = await request('PUT', '/api/gatepasses/revoke', teacherToken, { gatepassId: id });
    expect(revoke.statusCode).toBe(200);

    expect(await ids(`/api/gatepasses/approved/${student.rollNo}`, studentToken)).not.toContain(id);
    expect(await ids('/api/gatepasses/approved?limit=200')).not.toContain(id);
    const lists = [
      [`/api/gatepasses/rejected/${student.rollNo}`, studentToken],
      ['/api/gatepasses/rejected?limit=200', teacherToken],
    ] as const;
    for (const [url, token] of lists) {
      expect(await passIn(url, id, token)).toMatchObject({
        approvedStatus: 'rejected',
        gateState: 'revoked',
        revokedAt: expect.any(String),
      });
    }
    expect(await passIn('/api/gatepasses/approved?asDecided=true&limit=200', id)).toMatchObject({
      approvedStatus: 'approved',
      gateState: 'revoked',
    });
    expect(await ids('/api/gatepasses/rejected?asDecided=true&limit=200')).not.toContain(id);
  });

  it('list an approved pass whose day ended unused in neither list, and a used one under approved', async () => {
    const student = await createStudent(t.handle.db);
    const studentToken = await login(t.app, student.loginId);
    const unused = await passOn(student, yesterday, 'approved');
    const used = await passOn(student, yesterday, 'approved', { exited_at: `${yesterday}T10:05:00.000Z` });

    const approved = await ids(`/api/gatepasses/approved/${student.rollNo}`, studentToken);
    expect(approved).toContain(used);
    expect(approved).not.toContain(unused);
    expect(await ids(`/api/gatepasses/rejected/${student.rollNo}`, studentToken)).not.toContain(unused);
    expect(await ids('/api/gatepasses/approved?limit=200')).not.toContain(unused);

    const asDecided = `/api/gatepasses/approved/${student.rollNo}?asDecided=true`;
    expect(await passIn(asDecided, unused, studentToken)).toMatchObject({
      approvedStatus: 'approved',
      gateState: 'expired',
    });
  });

  it('refuses an asDecided that is not true or false with 400', async () => {
    const res = await request('GET', '/api/gatepasses/approved?asDecided=yes', teacherToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^asDecided must be true or false/);
  });
});

describe('GET /api/gatepass/:id', () => {
  it("answers a student their own pass, and another student's as not found", async () => {
    const [owner, other] = await Promise.all([createStudent(t.handle.db), createStudent(t.handle.db)]);
    const id = await passOn(owner, addDays(today, 1), 'pending');
    const own = await request('GET', `/api/gatepass/${id}`, await login(t.app, owner.loginId));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ _id: id, approvedStatus: 'pending' });
    const theirs = await request('GET', `/api/gatepass/${id}`, await login(t.app, other.loginId));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Gate pass not found');
    const staff = await request('GET', `/api/gatepass/${id}`, teacherToken);
    expect(staff.statusCode).toBe(200);
  });
});
