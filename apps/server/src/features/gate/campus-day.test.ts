/**
 * A gate pass's day is the campus's, in its time zone: with the campus in India and the server in
 * New York, 20:00 UTC on 3 February is already 4 February at the gate and in the pass lists. A
 * campus at UTC (the default) keeps the UTC day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { GateAnswer, GateCredential, GateMovements, GatePass } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createGuard,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';
import { newId } from '../../lib/ids';
import { pruneExpired } from '../maintenance/prune';
import { writeTermSettings } from '../timetable/settings';
import { newGateCode } from './repository';

const PRUNE = { auditRetentionDays: 365 };

const serverZone = process.env.TZ;
process.env.TZ = 'America/New_York';

// Monday 3 February 2031, 20:00 UTC: 15:00 in New York, already Tuesday 01:30 in India.
const clock = testClock(Date.parse('2031-02-03T20:00:00.000Z'));
let t: TestApp;
let student: StudentPerson;
let studentToken: string;
let mentorToken: string;
let guardToken: string;
let adminToken: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

const setZone = async (timeZone: string) => {
  const res = await call('PUT', '/api/timetable-settings', adminToken, { timeZone });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.handle.db;
  student = await createStudent(db, { group: 'CD-A' });
  const people = [student, await createTeacher(db, { groups: ['CD-A'] }), await createGuard(db)];
  [studentToken, mentorToken, guardToken] = (await Promise.all(
    people.map((p) => login(t.app, p.loginId)),
  )) as [string, string, string];
  adminToken = await login(t.app, (await createAdmin(db)).loginId);
  await setZone('Asia/Kolkata');
}, 60_000);
afterAll(async () => {
  await t.close();
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

const apply = (date: string, returnBy?: string) =>
  call('POST', '/api/submit-gatepass', studentToken, {
    date,
    time: '00:30',
    reason: 'Night bus',
    ...(returnBy && { returnBy }),
  });

/** A pass applied for through the API and approved by the mentor. */
async function approved(date: string, returnBy?: string): Promise<GatePass> {
  const res = await apply(date, returnBy);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ gatepass: GatePass }>().gatepass._id;
  const decided = await call('PUT', '/api/gatepasses/update-status', mentorToken, {
    gatepassId: id,
    approvedStatus: 'approved',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return decided.json<GatePass>();
}

/** A pass of a day the API no longer takes, written as it would have been: its id and code. */
async function kept(date: string, status: 'pending' | 'approved') {
  const id = newId();
  const code = newGateCode();
  await t.handle.db
    .insertInto('gate_passes')
    .values({
      id,
      roll_no: student.rollNo,
      contact: '9000000000',
      date,
      time: '09:00',
      reason: 'Errand',
      status,
      gate_code: code,
      created_at: '2031-02-01T10:00:00.000Z',
      decided_by: null,
      decided_at: status === 'approved' ? '2031-02-01T11:00:00.000Z' : null,
    })
    .execute();
  return { id, code };
}

const scanCode = async (code: string) => {
  const res = await call('POST', '/api/gate/scan', guardToken, { code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GateAnswer>();
};

const credentialOf = async (id: string) => {
  const res = await call('GET', `/api/gatepasses/${id}/credential`, studentToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GateCredential>();
};

const pendingIds = async () => {
  const res = await call('GET', `/api/gatepasses/pending/${student.rollNo}`, studentToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GatePass[]>().map((p) => p._id);
};

const prune = () => pruneExpired(t.handle.db, t.handle.dialect, new Date(clock.now()), PRUNE);

const statusOf = async (id: string) =>
  (
    await t.handle.db
      .selectFrom('gate_passes')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('a campus in India, at 01:30 on 4 February there (20:00 UTC on the 3rd)', () => {
  it('takes a pass for 4 February as today’s, and refuses one for 3 February as past', async () => {
    const past = await apply('2031-02-03');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ message: 'date must not be before today' });
    const today = await apply('2031-02-04');
    expect(today.statusCode, today.body).toBe(201);
    expect(await pendingIds()).toContain(today.json<{ gatepass: GatePass }>().gatepass._id);
  });

  it('lists no pending pass of 3 February, its day over, and today’s', async () => {
    const { id } = await kept('2031-02-03', 'pending');
    const todays = await kept('2031-02-04', 'pending');
    const listed = await pendingIds();
    expect(listed).not.toContain(id);
    expect(listed).toContain(todays.id);
  });

  it('lets today’s pass out at the gate, refuses 3 February’s as expired and 5 February’s as not yet', async () => {
    const today = await approved('2031-02-04');
    expect(today.gateState).toBe('ready');
    const { code, credential, expiresAt } = await credentialOf(today._id);
    // The credential lasts to the campus's midnight and names its zone, for a desk offline.
    expect(expiresAt).toBe('2031-02-04T18:30:00.000Z');
    expect(decodeJwt(credential)).toMatchObject({ d: '2031-02-04', z: 'Asia/Kolkata' });
    expect(await scanCode(code)).toMatchObject({ outcome: 'allow-exit' });

    const yesterday = await kept('2031-02-03', 'approved');
    expect(await scanCode(yesterday.code)).toMatchObject({ outcome: 'refused', reason: 'expired' });
    const tomorrow = await credentialOf((await approved('2031-02-05'))._id);
    expect(await scanCode(tomorrow.code)).toMatchObject({ outcome: 'refused', reason: 'wrong-day' });
  });

  it('logs today’s movements by the campus’s day, and a student is overdue by its clock', async () => {
    const p = await approved('2031-02-04', '02:00');
    const { code } = await credentialOf(p._id);
    const out = await call('POST', '/api/gate/exit', guardToken, { gatepassId: p._id, code });
    expect(out.json<GateAnswer>()).toMatchObject({ outcome: 'exited' });
    const log = async () => (await call('GET', '/api/gate/movements', adminToken)).json<GateMovements>();
    const before = await log();
    expect(before.date).toBe('2031-02-04');
    expect(before.day.find((m) => m.gatepassId === p._id)?.gateState).toBe('out');
    clock.advance(60 * 60_000); // 02:30 in India: past 02:00 there, long before 02:00 UTC
    expect((await log()).overdue.map((m) => m.gatepassId)).toEqual([p._id]);
  });
});

describe('a campus at UTC, the default, at 21:00 UTC on 3 February', () => {
  it('keeps the UTC day: 3 February is today at the gate and in the lists', async () => {
    await setZone('UTC');
    expect((await apply('2031-02-03')).statusCode).toBe(201);
    const pending = await kept('2031-02-03', 'pending');
    expect(await pendingIds()).toContain(pending.id);

    const yesterday = await kept('2031-02-03', 'approved');
    expect(await scanCode(yesterday.code)).toMatchObject({ outcome: 'allow-exit' });
    const tomorrow = await approved('2031-02-04');
    const { code, credential, expiresAt } = await credentialOf(tomorrow._id);
    expect(expiresAt).toBe('2031-02-05T00:00:00.000Z');
    expect(decodeJwt(credential)).toMatchObject({ z: 'UTC' });
    expect(await scanCode(code)).toMatchObject({ outcome: 'refused', reason: 'wrong-day' });
    expect((await call('GET', '/api/gate/movements', adminToken)).json<GateMovements>().date).toBe(
      '2031-02-03',
    );
  });
});

describe('the hourly sweep', () => {
  // Last: the sweep also removes sessions, which have expired by 2031.
  it('closes the pending passes of days over on the campus’s clock', async () => {
    const third = await kept('2031-02-03', 'pending');
    const fourth = await kept('2031-02-04', 'pending');
    await prune();
    expect(await statusOf(third.id)).toBe('pending');
    await writeTermSettings(t.handle.db, { timeZone: 'Asia/Kolkata' });
    await prune();
    expect(await statusOf(third.id)).toBe('rejected');
    expect(await statusOf(fourth.id)).toBe('pending');
  });
});
