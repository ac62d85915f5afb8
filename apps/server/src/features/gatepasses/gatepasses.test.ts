import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestGatePassDate, MESSAGES, type GatePass } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';

let t: TestApp;
let student: StudentPerson;
let studentToken: string;
let other: StudentPerson;
let otherToken: string;
let teacher: Person;
let teacherToken: string;
let teacher2Token: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await createStudent(t.handle.db, { name: 'Asha Rao' });
  other = await createStudent(t.handle.db);
  teacher = await createTeacher(t.handle.db, { name: 'Dr. Mehta' });
  const teacher2 = await createTeacher(t.handle.db);
  const admin = await createAdmin(t.handle.db);
  [studentToken, otherToken, teacherToken, teacher2Token, adminToken] = await Promise.all([
    login(t.app, student.loginId),
    login(t.app, other.loginId),
    login(t.app, teacher.loginId),
    login(t.app, teacher2.loginId),
    login(t.app, admin.loginId),
  ]);
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

const validPass = { date: '2030-04-05', time: '14:30', reason: 'Family function at home' };

async function submit(token = studentToken, body: object = validPass): Promise<GatePass> {
  const res = await request('POST', '/api/submit-gatepass', token, body);
  expect(res.statusCode).toBe(201);
  return res.json<{ gatepass: GatePass }>().gatepass;
}

const decide = (id: string, approvedStatus: string, token = teacherToken) =>
  request('PUT', '/api/gatepasses/update-status', token, { gatepassId: id, approvedStatus });

const ids = (passes: GatePass[]) => passes.map((p) => p._id);

async function list(url: string, token: string): Promise<GatePass[]> {
  const res = await request('GET', url, token);
  expect(res.statusCode).toBe(200);
  return res.json<GatePass[]>();
}

describe('earliestGatePassDate', () => {
  it('is the date that is still today somewhere: UTC−12', () => {
    expect(earliestGatePassDate(new Date('2026-11-23T11:59:59Z'))).toBe('2026-11-22');
    expect(earliestGatePassDate(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23');
    expect(earliestGatePassDate(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  });
});

describe('POST /api/submit-gatepass', () => {
  it("carries the student's details as they are now: an admin's change shows on the next pass", async () => {
    const own = await createStudent(t.handle.db, { name: 'Meera Iyer', group: 'G-1' });
    await createStudent(t.handle.db, { group: 'G-2' });
    const token = await login(t.app, own.loginId);
    expect(await submit(token)).toMatchObject({ name: 'Meera Iyer', group: 'G-1', email: own.email });
    const changed = await request('PUT', `/api/students/${own.rollNo}`, adminToken, {
      name: 'Meera Nair',
      FatherName: '',
      MotherName: '',
      Gender: 'Female',
      Dob: '2005-03-14',
      Category: 'General',
      phoneNo: '98765 43210',
      email: 'meera.nair@campus.example.edu',
      group: 'G-2',
    });
    expect(changed.statusCode).toBe(200);
    expect(await submit(token)).toMatchObject({
      name: 'Meera Nair',
      email: 'meera.nair@campus.example.edu',
      group: 'G-2',
      contact: '98765 43210',
    });
  });

  it('files a pending pass with name, roll number, email and contact from the session', async () => {
    const res = await request('POST', '/api/submit-gatepass', studentToken, validPass);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; gatepass: GatePass }>();
    expect(body.message).toBe(MESSAGES.gatePass.submitted);
    expect(body.gatepass).toMatchObject({
      name: 'Asha Rao',
      rollNo: student.rollNo,
      email: student.email,
      contact: expect.stringMatching(/^90000\d{5}$/),
      ...validPass,
      approvedStatus: 'pending',
    });
    expect(body.gatepass._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.gatepass.createdAt)).not.toBeNaN();
    expect(body.gatepass).not.toHaveProperty('decidedBy');
    expect(body.gatepass).not.toHaveProperty('decidedAt');
  });

  it('ignores a forged identity and status in the body', async () => {
    const pass = await submit(studentToken, {
      ...validPass,
      name: 'Someone Else',
      rollNo: other.rollNo,
      email: 'forged@example.com',
      approvedStatus: 'approved',
      status: 'approved',
    });
    expect(pass).toMatchObject({
      name: 'Asha Rao',
      rollNo: student.rollNo,
      email: student.email,
      approvedStatus: 'pending',
    });
    const row = await t.handle.db
      .selectFrom('gate_passes')
      .selectAll()
      .where('id', '=', pass._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      roll_no: student.rollNo,
      status: 'pending',
      decided_by: null,
      decided_at: null,
    });
    expect(ids(await list(`/api/gatepasses/pending/${other.rollNo}`, otherToken))).not.toContain(pass._id);
  });

  it('uses a contact the student gives, and the phone number when it is blank or null', async () => {
    expect((await submit(studentToken, { ...validPass, contact: ' +91 98765 43210 ' })).contact).toBe(
      '+91 98765 43210',
    );
    const phone = (await submit()).contact;
    expect((await submit(studentToken, { ...validPass, contact: '   ' })).contact).toBe(phone);
    expect((await submit(studentToken, { ...validPass, contact: null })).contact).toBe(phone);
  });

  it.each([
    [{ time: '10:00', reason: 'x' }, /^date /],
    [{ ...validPass, date: '05/04/2030' }, /^date must be a date in the form YYYY-MM-DD/],
    [{ ...validPass, date: '2030-02-30' }, /^date /],
    [{ ...validPass, time: '25:00' }, /^time must be a time in the form HH:MM/],
    [{ ...validPass, time: undefined }, /^time\b/],
    [{ ...validPass, reason: '   ' }, /^reason is required/],
    [{ ...validPass, reason: 'x'.repeat(1001) }, /^reason must be at most 1000 characters/],
    [{ ...validPass, contact: 'x'.repeat(31) }, /^contact must be at most 30 characters/],
  ])('refuses bad input with 400 naming the field (%#)', async (body, message) => {
    const res = await request('POST', '/api/submit-gatepass', studentToken, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses a date before today with 400 and stores nothing; today is accepted', async () => {
    const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const before = await list(`/api/gatepasses/pending/${student.rollNo}`, studentToken);
    for (const date of [daysFromNow(-2), '2020-01-01']) {
      const res = await request('POST', '/api/submit-gatepass', studentToken, { ...validPass, date });
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toEqual({ message: 'date must not be before today' });
    }
    expect(await list(`/api/gatepasses/pending/${student.rollNo}`, studentToken)).toEqual(before);
    expect((await submit(studentToken, { ...validPass, date: daysFromNow(0) })).date).toBe(daysFromNow(0));
  });

  it('refuses a missing body with 400', async () => {
    const res = await request('POST', '/api/submit-gatepass', studentToken);
    expect(res.statusCode).toBe(400);
  });

  it('is for students only: 401 without a token, 403 for teachers and admins', async () => {
    expect((await request('POST', '/api/submit-gatepass', undefined, validPass)).statusCode).toBe(401);
    expect((await request('POST', '/api/submit-gatepass', teacherToken, validPass)).statusCode).toBe(403);
    expect((await request('POST', '/api/submit-gatepass', adminToken, validPass)).statusCode).toBe(403);
  });
});

describe('GET /api/gatepasses/:status/:rollNo', () => {
  it("answers the student's own passes with that status, newest first", async () => {
    const first = await submit();
    const second = await submit();
    const pending = await list(`/api/gatepasses/pending/${student.rollNo}`, studentToken);
    expect(ids(pending)).toEqual(expect.arrayContaining([first._id, second._id]));
    expect(pending.every((p) => p.rollNo === student.rollNo && p.approvedStatus === 'pending')).toBe(true);
    const created = pending.map((p) => p.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(await list(`/api/gatepasses/approved/${other.rollNo}`, otherToken)).toEqual([]);
  });

  it("refuses a student reading another student's lists with 403", async () => {
    for (const status of ['pending', 'approved', 'rejected']) {
      const res = await request('GET', `/api/gatepasses/${status}/${student.rollNo}`, otherToken);
      expect(res.statusCode).toBe(403);
    }
  });

  it("lets teachers and admins read any student's passes", async () => {
    const pass = await submit();
    for (const token of [teacherToken, adminToken]) {
      expect(ids(await list(`/api/gatepasses/pending/${student.rollNo}`, token))).toContain(pass._id);
    }
  });

  it('answers an unknown roll number with an empty list', async () => {
    expect(await list('/api/gatepasses/pending/987654321', teacherToken)).toEqual([]);
  });

  it('refuses an unknown status, a malformed roll number and a bad page with 400', async () => {
    const badStatus = await request('GET', `/api/gatepasses/approve/${student.rollNo}`, studentToken);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toMatch(/^status must be pending, approved or rejected/);
    const badRoll = await request('GET', '/api/gatepasses/pending/abc', teacherToken);
    expect(badRoll.statusCode).toBe(400);
    expect(badRoll.json().message).toMatch(/^rollNo must be a roll number/);
    const badLimit = await request('GET', `/api/gatepasses/pending/${student.rollNo}?limit=0`, studentToken);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toMatch(/limit/);
  });

  it('needs a token', async () => {
    expect((await request('GET', `/api/gatepasses/pending/${student.rollNo}`)).statusCode).toBe(401);
  });
});

describe('GET /api/gatepasses/:status', () => {
  it('answers every student’s passes with that status to teachers and admins', async () => {
    const mine = await submit();
    const theirs = await submit(otherToken);
    for (const token of [teacherToken, adminToken]) {
      const pending = await list('/api/gatepasses/pending', token);
      expect(ids(pending)).toEqual(expect.arrayContaining([mine._id, theirs._id]));
      expect(pending.every((p) => p.approvedStatus === 'pending')).toBe(true);
    }
  });

  it('pages with limit and offset', async () => {
    await submit();
    await submit();
    const all = await list('/api/gatepasses/pending?limit=200', teacherToken);
    const page = await list('/api/gatepasses/pending?limit=1&offset=1', teacherToken);
    expect(page).toHaveLength(1);
    expect(page[0]!._id).toBe(all[1]!._id);
  });

  it('keeps the decided lists in memory while students apply, and shows a decision at once', async () => {
    const misses = async () => {
      const text = (await t.app.inject({ url: '/metrics' })).body;
      return Number(/campus_read_cache_lookups_total\{kind="answers",result="miss"\} (\d+)/.exec(text)?.[1]);
    };
    const approved = () => list('/api/gatepasses/approved?limit=50', teacherToken);
    const pending = () => list('/api/gatepasses/pending?limit=50', teacherToken);
    const first = ids(await approved());
    await pending();
    const applied = await submit(otherToken);
    const before = await misses();
    expect(ids(await approved())).toEqual(first);
    expect(await misses()).toBe(before);
    // The pending list shows the new pass at once.
    expect(ids(await pending())[0]).toBe(applied._id);
    expect((await decide(applied._id, 'approved')).statusCode).toBe(200);
    expect(ids(await approved())).toEqual([applied._id, ...first]);
  });

  it('refuses students with 403, no token with 401 and an unknown status with 400', async () => {
    expect((await request('GET', '/api/gatepasses/pending', studentToken)).statusCode).toBe(403);
    expect((await request('GET', '/api/gatepasses/pending')).statusCode).toBe(401);
    const bad = await request('GET', '/api/gatepasses/done', teacherToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status /);
  });
});

describe('PUT /api/gatepasses/update-status', () => {
  it('approves a pending pass, records who and when, and moves it to the approved list', async () => {
    const pass = await submit();
    const before = Date.now();
    const res = await decide(pass._id, 'approved');
    expect(res.statusCode).toBe(200);
    const updated = res.json<GatePass>();
    expect(updated).toMatchObject({
      _id: pass._id,
      name: 'Asha Rao',
      rollNo: student.rollNo,
      approvedStatus: 'approved',
      decidedBy: 'Dr. Mehta',
    });
    expect(Date.parse(updated.decidedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const row = await t.handle.db
      .selectFrom('gate_passes')
      .select(['decided_by', 'status'])
      .where('id', '=', pass._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ decided_by: teacher.accountId, status: 'approved' });

    const own = (status: string) => list(`/api/gatepasses/${status}/${student.rollNo}`, studentToken);
    expect(ids(await own('pending'))).not.toContain(pass._id);
    expect(ids(await own('approved'))).toContain(pass._id);
    expect(ids(await own('rejected'))).not.toContain(pass._id);
    expect(ids(await list('/api/gatepasses/approved', teacherToken))).toContain(pass._id);
  });

  it('rejects a pending pass and moves it to the rejected list', async () => {
    const pass = await submit();
    const res = await decide(pass._id, 'rejected');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ approvedStatus: 'rejected', decidedBy: 'Dr. Mehta' });
    expect(ids(await list(`/api/gatepasses/rejected/${student.rollNo}`, studentToken))).toContain(pass._id);
    expect(ids(await list('/api/gatepasses/pending', teacherToken))).not.toContain(pass._id);
  });

  it('refuses to decide a pass twice with 409, and the first decision stands', async () => {
    const pass = await submit();
    expect((await decide(pass._id, 'approved')).statusCode).toBe(200);
    const again = await decide(pass._id, 'approved', teacher2Token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This gate pass has already been approved' });
    const flip = await decide(pass._id, 'rejected', teacher2Token);
    expect(flip.statusCode).toBe(409);
    const approved = await list(`/api/gatepasses/approved/${student.rollNo}`, studentToken);
    expect(approved.find((p) => p._id === pass._id)).toMatchObject({ decidedBy: 'Dr. Mehta' });
  });

  it('lets exactly one of two teachers deciding at once win; the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const pass = await submit();
      const [a, b] = await Promise.all([
        decide(pass._id, 'approved', teacherToken),
        decide(pass._id, 'rejected', teacher2Token),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? a.json<GatePass>() : b.json<GatePass>();
      const row = await t.handle.db
        .selectFrom('gate_passes')
        .select('status')
        .where('id', '=', pass._id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(winner.approvedStatus);
    }
  });

  it('refuses pending as a decision, and a missing or malformed id, with 400', async () => {
    const pass = await submit();
    const back = await decide(pass._id, 'pending');
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toMatch(/^approvedStatus must be approved or rejected/);
    const malformed = await decide('not-an-id', 'approved');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^gatepassId must be a valid id/);
    const missing = await request('PUT', '/api/gatepasses/update-status', teacherToken, {
      approvedStatus: 'approved',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/gatepassId/);
  });

  it('answers an unknown id with 404', async () => {
    const res = await decide('00000000-0000-4000-8000-00000000beef', 'approved');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Gate pass not found' });
  });

  it('is for teachers only: a student or an admin approving gets 403, no token 401', async () => {
    const pass = await submit();
    expect((await decide(pass._id, 'approved', studentToken)).statusCode).toBe(403);
    expect((await decide(pass._id, 'approved', adminToken)).statusCode).toBe(403);
    const anonymous = await request('PUT', '/api/gatepasses/update-status', undefined, {
      gatepassId: pass._id,
      approvedStatus: 'approved',
    });
    expect(anonymous.statusCode).toBe(401);
    const row = await t.handle.db
      .selectFrom('gate_passes')
      .select('status')
      .where('id', '=', pass._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('OpenAPI', () => {
  it('documents every gate pass route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(paths['/api/submit-gatepass'].post.responses['201']).toBeDefined();
    expect(paths['/api/gatepasses/{status}/{rollNo}'].get).toBeDefined();
    expect(paths['/api/gatepasses/{status}'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'limit', in: 'query' })]),
    );
    expect(paths['/api/gatepasses/update-status'].put.responses['409']).toBeDefined();
  });
});
