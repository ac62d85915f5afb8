/** The teachers' work list: many passes decided at once, each exactly once; filters and sorts of the staff list. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type BulkGatePassStatusResponse, type GatePass } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';
import { campusDay } from '../../lib/campus-day';

let t: TestApp;
let teacherToken: string;
let teacher2Token: string;
let adminToken: string;
let studentToken: string;
let student: StudentPerson;

beforeAll(async () => {
  t = await createTestApp();
  const teacher = await createTeacher(t.handle.db, { groups: ['B-1'] });
  const teacher2 = await createTeacher(t.handle.db, { groups: ['B-2'] });
  const admin = await createAdmin(t.handle.db);
  student = await createStudent(t.handle.db, { group: 'B-1' });
  [teacherToken, teacher2Token, adminToken, studentToken] = await Promise.all([
    login(t.app, teacher.loginId),
    login(t.app, teacher2.loginId),
    login(t.app, admin.loginId),
    login(t.app, student.loginId),
  ]);
});
afterAll(() => t.close());

async function apply(token: string, date = '2031-05-06', reason = 'Family visit'): Promise<GatePass> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submit-gatepass',
    headers: bearer(token),
    payload: { date, time: '10:00', reason },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ gatepass: GatePass }>().gatepass;
}

const bulk = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/gatepasses/update-status-bulk', headers: bearer(token), payload });

async function notificationsOf(accountId: string) {
  return t.handle.db
    .selectFrom('notifications')
    .select(['kind', 'text'])
    .where('account_id', '=', accountId)
    .execute();
}

describe('PUT /api/gatepasses/update-status-bulk', () => {
  it('decides each of 50 passes exactly once when two teachers decide them all at once', async () => {
    const students = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createStudent(t.handle.db, { group: 'B-1', name: `Bulk ${i}` })),
    );
    const passes: GatePass[] = [];
    for (const s of students) {
      const token = await login(t.app, s.loginId);
      for (let j = 0; j < 10; j++)
        passes.push(await apply(token, `2031-06-${String(10 + j).padStart(2, '0')}`));
    }
    const ids = passes.map((p) => p._id);
    const [a, b] = await Promise.all([
      bulk(teacherToken, { gatepassIds: ids, approvedStatus: 'approved' }),
      bulk(teacher2Token, {
        gatepassIds: [...ids].reverse(),
        approvedStatus: 'rejected',
        rejectReason: 'Exams',
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const first = a.json<BulkGatePassStatusResponse>().results;
    const second = b.json<BulkGatePassStatusResponse>().results;
    expect(first.map((r) => r.gatepassId)).toEqual(ids);
    expect(second.map((r) => r.gatepassId)).toEqual([...ids].reverse());

    const decidedBy = new Map<string, string>();
    for (const [results, status] of [
      [first, 'approved'],
      [second, 'rejected'],
    ] as const) {
      for (const r of results) {
        if (r.outcome !== 'decided') continue;
        expect(decidedBy.has(r.gatepassId), r.gatepassId).toBe(false);
        decidedBy.set(r.gatepassId, status);
        expect(r.gatepass).toMatchObject({ _id: r.gatepassId, approvedStatus: status, group: 'B-1' });
      }
    }
    expect([...decidedBy.keys()].sort()).toEqual([...ids].sort());
    // Whoever lost a pass hears what it became.
    for (const r of [...first, ...second].filter((r) => r.outcome !== 'decided')) {
      expect(r).toEqual({
        gatepassId: r.gatepassId,
        outcome: 'already-decided',
        status: decidedBy.get(r.gatepassId),
      });
    }
    const rows = await t.handle.db
      .selectFrom('gate_passes')
      .select(['id', 'status', 'reject_reason'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) {
      expect(row.status).toBe(decidedBy.get(row.id));
      expect(row.reject_reason).toBe(row.status === 'rejected' ? 'Exams' : null);
    }

    // Each student hears once of each of their ten passes, approved or rejected as it was decided.
    for (const s of students) {
      const notes = (await notificationsOf(s.accountId)).filter((n) => n.kind === 'gatepass.decided');
      expect(notes).toHaveLength(10);
      const mine = passes.filter((p) => p.rollNo === s.rollNo);
      expect(notes.map((n) => n.text).sort()).toEqual(
        mine
          .map((p) =>
            decidedBy.get(p._id) === 'approved'
              ? expect.stringMatching(new RegExp(`^Your gate pass for ${campusDay(p.date)} was approved by `))
              : expect.stringMatching(
                  new RegExp(`^Your gate pass for ${campusDay(p.date)} was rejected by .*: Exams$`),
                ),
          )
          .sort(),
      );
      const texts = notes.map((n) => n.text);
      for (const p of mine) {
        expect(texts.filter((text) => text.includes(`for ${campusDay(p.date)} was`))).toHaveLength(1);
      }
    }

    // The audit log has one decision per pass, as if each had been decided alone.
    const audited = await t.handle.db
      .selectFrom('audit_log')
      .select(['target', 'detail'])
      .where('kind', '=', 'gatepass.decision')
      .where('target', 'in', ids)
      .execute();
    expect(audited).toHaveLength(50);
    for (const entry of audited) expect(entry.detail).toBe(decidedBy.get(entry.target!));
  }, 60_000);

  it('answers in the order asked, with not-found and already-decided rows, and decides the rest', async () => {
    const [one, two, three] = [
      await apply(studentToken),
      await apply(studentToken),
      await apply(studentToken),
    ];
    const firstDecision = await bulk(teacher2Token, { gatepassIds: [two._id], approvedStatus: 'rejected' });
    expect(firstDecision.json<BulkGatePassStatusResponse>().results[0]).toMatchObject({ outcome: 'decided' });
    const unknown = randomUUID();
    const res = await bulk(teacherToken, {
      gatepassIds: [three._id, unknown, two._id, one._id],
      approvedStatus: 'approved',
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json<BulkGatePassStatusResponse>();
    expect(results.map((r) => [r.gatepassId, r.outcome, r.status])).toEqual([
      [three._id, 'decided', undefined],
      [unknown, 'not-found', undefined],
      [two._id, 'already-decided', 'rejected'],
      [one._id, 'decided', undefined],
    ]);
    expect(results[0]!.gatepass).toMatchObject({ approvedStatus: 'approved', rollNo: student.rollNo });
    expect(results[0]!.gatepass!.decidedBy).toEqual(expect.any(String));
  });

  it('refuses an empty list, a repeated id, more than 200 ids, a bad id and a reason for an approval with 400', async () => {
    const pass = await apply(studentToken);
    const cases: [object, RegExp][] = [
      [{ gatepassIds: [], approvedStatus: 'approved' }, /^gatepassIds must name at least one gate pass/],
      [
        { gatepassIds: [pass._id, pass._id], approvedStatus: 'approved' },
        /^gatepassIds must not name a gate pass twice/,
      ],
      [
        { gatepassIds: Array.from({ length: 201 }, () => randomUUID()), approvedStatus: 'approved' },
        /^gatepassIds must name at most 200 gate passes/,
      ],
      [{ gatepassIds: ['not-an-id'], approvedStatus: 'approved' }, /^gatepassIds.*must be a valid id/],
      [{ gatepassIds: pass._id, approvedStatus: 'approved' }, /^gatepassIds must be a list of ids/],
      [
        { gatepassIds: [pass._id], approvedStatus: 'pending' },
        /^approvedStatus must be approved or rejected/,
      ],
      [
        { gatepassIds: [pass._id], approvedStatus: 'approved', rejectReason: 'No' },
        /rejectReason is only for a rejection/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(teacherToken, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const row = await t.handle.db
      .selectFrom('gate_passes')
      .select('status')
      .where('id', '=', pass._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('accepts 200 ids at once', async () => {
    const res = await bulk(teacherToken, {
      gatepassIds: Array.from({ length: 200 }, () => randomUUID()),
      approvedStatus: 'approved',
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json<BulkGatePassStatusResponse>();
    expect(results).toHaveLength(200);
    expect(results.every((r) => r.outcome === 'not-found')).toBe(true);
  });

  it('is for teachers only: students and admins get 403, no token 401, and nothing changes', async () => {
    const pass = await apply(studentToken);
    const payload = { gatepassIds: [pass._id], approvedStatus: 'approved' };
    expect((await bulk(studentToken, payload)).statusCode).toBe(403);
    expect((await bulk(adminToken, payload)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/gatepasses/update-status-bulk',
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const row = await t.handle.db
      .selectFrom('gate_passes')
      .select('status')
      .where('id', '=', pass._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('counts once against the write limit, however many passes it decides', async () => {
    const limited = await createTestApp({ writeLimits: { other: 2 } });
    try {
      const mentor = await createTeacher(limited.handle.db, { groups: ['L-1'] });
      const token = await login(limited.app, mentor.loginId);
      const send = () =>
        limited.app.inject({
          method: 'PUT',
          url: '/api/gatepasses/update-status-bulk',
          headers: bearer(token),
          payload: {
            gatepassIds: Array.from({ length: 50 }, () => randomUUID()),
            approvedStatus: 'approved',
          },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/gatepasses/:status filters and sorts', () => {
  let mentor: string;
  let zed: StudentPerson;
  let amy: StudentPerson;
  let outsider: StudentPerson;
  const byId = new Map<string, GatePass>();

  beforeAll(async () => {
    const teacher = await createTeacher(t.handle.db, { groups: ['F-1', 'F-2'] });
    mentor = await login(t.app, teacher.loginId);
    zed = await createStudent(t.handle.db, { group: 'F-1', name: 'Zed Filter' });
    amy = await createStudent(t.handle.db, { group: 'F-2', name: 'Amy Filter' });
    outsider = await createStudent(t.handle.db, { group: 'F-9', name: 'Ola Filter' });
    for (const [s, date] of [
      [zed, '2031-08-03'],
      [amy, '2031-08-01'],
      [outsider, '2031-08-02'],
      [zed, '2031-08-04'],
    ] as const) {
      const pass = await apply(await login(t.app, s.loginId), date, `Filter ${s.name}`);
      byId.set(pass._id, pass);
    }
  });

  const list = async (query: string, token = mentor) => {
    const res = await t.app.inject({ url: `/api/gatepasses/pending?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const ours = res.json<GatePass[]>().filter((p) => byId.has(p._id));
    return { passes: ours, total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
  };
  const names = (passes: GatePass[]) => passes.map((p) => `${p.name} ${p.date}`);

  it("gives each pass its student's group", async () => {
    const { passes } = await list('');
    expect(passes).toHaveLength(4);
    for (const p of passes) {
      expect(p.group).toBe(p.rollNo === zed.rollNo ? 'F-1' : p.rollNo === amy.rollNo ? 'F-2' : 'F-9');
    }
  });

  it('keeps one group with group=, and its total', async () => {
    const { passes, total } = await list('group=F-1');
    expect(names(passes).sort()).toEqual(['Zed Filter 2031-08-03', 'Zed Filter 2031-08-04']);
    expect(total).toBe(2);
    expect((await list('group=F-7')).passes).toEqual([]);
  });

  it("keeps the signed-in teacher's mentees with mine=true, and combines with group", async () => {
    const { passes, total } = await list('mine=true');
    expect(passes.map((p) => p.group).sort()).toEqual(['F-1', 'F-1', 'F-2']);
    expect(total).toBe(3);
    expect(names((await list('mine=true&group=F-2')).passes)).toEqual(['Amy Filter 2031-08-01']);
    expect((await list('mine=true&group=F-9')).passes).toEqual([]);
    // A page short of the list counts the rest: the same totals.
    expect((await list('mine=true&limit=1')).total).toBe(3);
    expect((await list('mine=true&group=F-1&limit=1&offset=1')).total).toBe(2);
    expect((await list('group=F-2&limit=1&offset=1')).total).toBe(1);
    expect((await list('mine=false')).passes).toHaveLength(4);
    // An admin mentors no group.
    expect((await list('mine=true', adminToken)).passes).toEqual([]);
  });

  it('sorts by date, name, group and when applied, either way', async () => {
    expect(names((await list('sort=date&order=asc')).passes)).toEqual([
      'Amy Filter 2031-08-01',
      'Ola Filter 2031-08-02',
      'Zed Filter 2031-08-03',
      'Zed Filter 2031-08-04',
    ]);
    expect(names((await list('sort=date&order=desc')).passes)[0]).toBe('Zed Filter 2031-08-04');
    // Ties (one student's two passes) go newest applied first.
    expect(names((await list('sort=name&order=asc')).passes)).toEqual([
      'Amy Filter 2031-08-01',
      'Ola Filter 2031-08-02',
      'Zed Filter 2031-08-04',
      'Zed Filter 2031-08-03',
    ]);
    expect(names((await list('sort=name&order=desc')).passes)[0]).toMatch(/^Zed/);
    expect((await list('sort=group&order=desc')).passes.map((p) => p.group)).toEqual([
      'F-9',
      'F-2',
      'F-1',
      'F-1',
    ]);
    expect(names((await list('sort=createdAt&order=asc')).passes)).toEqual([
      'Zed Filter 2031-08-03',
      'Amy Filter 2031-08-01',
      'Ola Filter 2031-08-02',
      'Zed Filter 2031-08-04',
    ]);
    expect(names((await list('')).passes)[0]).toBe('Zed Filter 2031-08-04');
  });

  it('pages a filtered, sorted list with its total', async () => {
    const page = await t.app.inject({
      url: '/api/gatepasses/pending?mine=true&sort=date&order=asc&limit=1&offset=1',
      headers: bearer(mentor),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('3');
    expect(page.json<GatePass[]>().map((p) => p.date)).toEqual(['2031-08-03']);
  });

  it('refuses an unknown sort, order or mine with 400', async () => {
    for (const [query, message] of [
      ['sort=reason', /^sort must be createdAt, date, name or group/],
      ['order=up', /^order must be asc or desc/],
      ['mine=yes', /^mine must be true or false/],
    ] as const) {
      const res = await t.app.inject({ url: `/api/gatepasses/pending?${query}`, headers: bearer(mentor) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
  });
});
