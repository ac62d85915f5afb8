import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import type { GateAnswer, GateCredential, GateMovements, GatePass, Notification } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createGuard,
  createStudent,
  createTeacher,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';
import { sweepOverdue } from './routes';
import { notifier } from '../notifications/notifier';

// 2031-03-10, 08:00 UTC.
const START = Date.parse('2031-03-10T08:00:00.000Z');
const TODAY = '2031-03-10';
const clock = testClock(START);

let t: TestApp;
let student: StudentPerson;
let other: StudentPerson;
let mentor: Person;
let studentToken: string;
let otherToken: string;
let mentorToken: string;
let outsiderToken: string;
let guardToken: string;
let guard2Token: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  student = await createStudent(t.handle.db, { name: 'Asha Rao', group: 'GATE-A' });
  other = await createStudent(t.handle.db, { group: 'GATE-B' });
  mentor = await createTeacher(t.handle.db, { groups: ['GATE-A'] });
  const outsider = await createTeacher(t.handle.db, { groups: ['GATE-B'] });
  const guard = await createGuard(t.handle.db, { name: 'Gate One' });
  const guard2 = await createGuard(t.handle.db);
  const admin = await createAdmin(t.handle.db);
  const tokens = await Promise.all(
    [student, other, mentor, outsider, guard, guard2, admin].map((p) => login(t.app, p.loginId)),
  );
  [studentToken, otherToken, mentorToken, outsiderToken, guardToken, guard2Token, adminToken] = tokens as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  // Seven sign-ins, each a password hash: slow on a busy machine.
}, 60_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });

/** A pass applied for by `token`'s student and, unless told otherwise, approved by the mentor. */
async function pass(
  body: Partial<{ date: string; time: string; returnBy: string }> = {},
  { token = studentToken, approve = true } = {},
): Promise<GatePass> {
  const res = await call('POST', '/api/submit-gatepass', token, {
    date: TODAY,
    time: '09:00',
    reason: 'Dentist appointment',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{ gatepass: GatePass }>().gatepass;
  if (!approve) return created;
  const decided = await call('PUT', '/api/gatepasses/update-status', mentorToken, {
    gatepassId: created._id,
    approvedStatus: 'approved',
  });
  expect(decided.statusCode).toBe(200);
  return decided.json<GatePass>();
}

async function credentialOf(id: string, token = studentToken): Promise<GateCredential> {
  const res = await call('GET', `/api/gatepasses/${id}/credential`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GateCredential>();
}

async function scan(body: object, token = guardToken): Promise<GateAnswer> {
  const res = await call('POST', '/api/gate/scan', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GateAnswer>();
}

/** Confirms a move with what proves the pass was scanned: a scan's id, or the code or credential. */
const move = async (
  direction: 'exit' | 'return',
  proof: { scanId?: string; gatepassId?: string; code?: string; credential?: string },
  token = guardToken,
) => {
  const res = await call('POST', `/api/gate/${direction}`, token, proof);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GateAnswer>();
};

/** Scans the pass's credential, which must be allowed, and confirms the move with that scan. */
async function scanThenMove(direction: 'exit' | 'return', gatepassId: string, token = guardToken) {
  const { credential } = await credentialOf(gatepassId);
  const allowed = await scan({ credential }, token);
  expect(allowed.outcome).toBe(direction === 'exit' ? 'allow-exit' : 'allow-return');
  return move(direction, { scanId: allowed.scanId, gatepassId }, token);
}

describe('the credential', () => {
  it('is given to the pass’s own student only, with a short code from the unambiguous alphabet', async () => {
    const p = await pass();
    const cred = await credentialOf(p._id);
    expect(cred.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(cred.credential.split('.')).toHaveLength(3);
    expect(cred.expiresAt).toBe('2031-03-11T00:00:00.000Z');
    expect((await credentialOf(p._id)).code).toBe(cred.code);
    expect((await call('GET', `/api/gatepasses/${p._id}/credential`, otherToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/gatepasses/${p._id}/credential`, mentorToken)).statusCode).toBe(403);
    // The private key never leaves: not in the credential answer, not in the key answer.
    const key = await call('GET', '/api/gate/key', guardToken);
    expect(key.statusCode).toBe(200);
    expect(key.json<{ publicKey: Record<string, string> }>().publicKey).not.toHaveProperty('d');
    expect((await call('GET', '/api/gate/key', studentToken)).statusCode).toBe(403);
  });

  it('is refused for a pending pass', async () => {
    const p = await pass({}, { approve: false });
    expect((await call('GET', `/api/gatepasses/${p._id}/credential`, studentToken)).statusCode).toBe(409);
  });
});

describe('the gate', () => {
  it('allows the exit, records one exit for a double scan, then allows the return', async () => {
    const p = await pass({ returnBy: '12:00' });
    const { credential, code } = await credentialOf(p._id);
    const first = await scan({ credential });
    expect(first).toMatchObject({ outcome: 'allow-exit', message: 'Allow exit' });
    expect(first.gatepass).toMatchObject({
      name: 'Asha Rao',
      initials: 'AR',
      group: 'GATE-A',
      time: '09:00',
      returnBy: '12:00',
      reason: 'Dentist appointment',
    });
    expect((await move('exit', { scanId: first.scanId, gatepassId: p._id })).outcome).toBe('exited');
    // Scanned again at an exit-only desk, and the first scan confirmed again: still one exit.
    expect(await scan({ credential, direction: 'exit' })).toMatchObject({
      outcome: 'refused',
      reason: 'already-out',
    });
    expect(await move('exit', { scanId: first.scanId }, guard2Token)).toMatchObject({
      outcome: 'refused',
      reason: 'already-out',
    });
    const scans = await t.handle.db
      .selectFrom('gate_scans')
      .selectAll()
      .where('gate_pass_id', '=', p._id)
      .execute();
    expect(scans.filter((s) => s.outcome === 'exited')).toHaveLength(1);
    // The student's own list shows the pass out.
    const mine = await call('GET', `/api/gatepasses/approved/${student.rollNo}`, studentToken);
    expect(mine.json<GatePass[]>().find((g) => g._id === p._id)).toMatchObject({
      gateState: 'out',
      exitedAt: expect.any(String),
    });
    // Back by the typed code (any case, with a dash).
    const back = await scan({ code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` });
    expect(back).toMatchObject({ outcome: 'allow-return', late: false });
    expect((await move('return', { scanId: back.scanId })).outcome).toBe('returned');
    expect(await scan({ credential })).toMatchObject({ outcome: 'refused', reason: 'already-back' });
    expect(await move('return', { scanId: back.scanId })).toMatchObject({
      outcome: 'refused',
      reason: 'already-back',
    });
    // Every scan is audited.
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select('kind')
      .where('target', '=', p._id)
      .execute();
    expect(audit.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['gate.scan', 'gate.exit', 'gate.return']),
    );
  });

  it('records one exit when two gates confirm at once', async () => {
    const p = await pass();
    const { credential } = await credentialOf(p._id);
    const tokens = [guardToken, guard2Token, adminToken];
    const scans = await Promise.all(tokens.map((token) => scan({ credential }, token)));
    const answers = await Promise.all(
      tokens.map((token, i) => move('exit', { scanId: scans[i]!.scanId }, token)),
    );
    expect(answers.filter((a) => a.outcome === 'exited')).toHaveLength(1);
    expect(answers.filter((a) => a.reason === 'already-out')).toHaveLength(2);
  });

  it('refuses a forged and a foreign-key credential, and tells a typed code that names no pass apart', async () => {
    const p = await pass();
    const { credential } = await credentialOf(p._id);
    const [head = '', body = '', sig = ''] = credential.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ sub: p._id, rno: other.rollNo, d: TODAY, t: '09:00', r: null, exp: 9_999_999_999 })).toString('base64url')}.${sig}`;
    expect(await scan({ credential: tampered })).toMatchObject({ outcome: 'refused', reason: 'forged' });
    expect(body).not.toBe('');
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ rno: student.rollNo, d: TODAY, t: '09:00', r: null })
      .setProtectedHeader({ alg: 'ES256', typ: 'gatepass' })
      .setSubject(p._id)
      .setExpirationTime('1d')
      .sign(privateKey);
    const refused = await scan({ credential: foreign });
    expect(refused).toMatchObject({
      outcome: 'refused',
      reason: 'forged',
      message: 'Forged or unknown code',
    });
    expect(refused.gatepass).toBeUndefined();
    expect(await scan({ credential: 'not a token' })).toMatchObject({ reason: 'forged' });
    // A typo is not a forgery: the guard is asked to check the code.
    for (const code of ['zz', 'ZZZZ ZZZZ']) {
      const typo = await scan({ code });
      expect(typo).toMatchObject({
        outcome: 'refused',
        reason: 'unknown-code',
        message: 'No pass with this code — check it',
      });
      expect(typo.gatepass).toBeUndefined();
    }
    const scans = await t.handle.db.selectFrom('gate_scans').select('reason').execute();
    expect(scans.filter((s) => s.reason === 'forged').length).toBeGreaterThanOrEqual(3);
    expect(scans.filter((s) => s.reason === 'unknown-code').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a pass for another day, a revoked one and one not approved', async () => {
    const later = await pass({ date: '2031-03-12' });
    const laterCred = await credentialOf(later._id);
    expect(await scan({ credential: laterCred.credential })).toMatchObject({
      reason: 'wrong-day',
      message: 'Wrong day: this pass is for another day',
    });
    expect((await move('exit', { credential: laterCred.credential })).reason).toBe('wrong-day');

    const revoked = await pass();
    const { credential } = await credentialOf(revoked._id);
    expect(
      (await call('PUT', '/api/gatepasses/revoke', studentToken, { gatepassId: revoked._id })).statusCode,
    ).toBe(403);
    const res = await call('PUT', '/api/gatepasses/revoke', mentorToken, { gatepassId: revoked._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GatePass>()).toMatchObject({ gateState: 'revoked', revokedAt: expect.any(String) });
    expect(await scan({ credential })).toMatchObject({ reason: 'revoked' });
    expect((await move('exit', { credential })).reason).toBe('revoked');
    expect(
      (await call('PUT', '/api/gatepasses/revoke', adminToken, { gatepassId: revoked._id })).statusCode,
    ).toBe(409);
    const key = await call('GET', '/api/gate/key', guardToken);
    expect(key.json<{ refused: { _id: string; reason: string }[] }>().refused).toContainEqual({
      _id: revoked._id,
      reason: 'revoked',
    });

    const pending = await pass({}, { approve: false });
    await t.handle.db
      .updateTable('gate_passes')
      .set({ gate_code: 'PENDING2' })
      .where('id', '=', pending._id)
      .execute();
    expect(await scan({ code: 'PENDING2' })).toMatchObject({
      reason: 'not-approved',
      message: 'Not approved',
    });
  });

  it('refuses a pass whose day is over (expired), yet lets a student out past midnight come back', async () => {
    const unused = await pass();
    const stale = await pass({ returnBy: '20:00' });
    const unusedCred = await credentialOf(unused._id);
    const staleCred = await credentialOf(stale._id);
    expect((await scanThenMove('exit', stale._id)).outcome).toBe('exited');
    clock.advance(24 * 3_600_000);
    try {
      expect(await scan({ credential: unusedCred.credential })).toMatchObject({ reason: 'expired' });
      expect(await scan({ code: unusedCred.code })).toMatchObject({ reason: 'expired' });
      const back = await scan({ credential: staleCred.credential });
      expect(back).toMatchObject({ outcome: 'allow-return', late: true });
      expect((await move('return', { scanId: back.scanId })).outcome).toBe('returned');
    } finally {
      clock.advance(-24 * 3_600_000);
    }
  });

  it('admits guards and admins only to the gate', async () => {
    for (const token of [studentToken, mentorToken]) {
      expect((await call('POST', '/api/gate/scan', token, { code: 'ABCDEFGH' })).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/gate/exit', token, { gatepassId: '00000000-0000-4000-8000-000000000000' }))
          .statusCode,
      ).toBe(403);
    }
    expect((await call('POST', '/api/gate/scan', adminToken, { code: 'ABCDEFGH' })).statusCode).toBe(200);
    const both = await call('POST', '/api/gate/scan', guardToken, { code: 'ABCDEFGH', credential: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ message: string }>().message).toMatch(/either credential/);
  });
});

describe('a move needs a scan that allowed it', () => {
  const post = (direction: 'exit' | 'return', body: object, token = guardToken) =>
    call('POST', `/api/gate/${direction}`, token, body);

  it('refuses an exit or a return given only a pass id', async () => {
    const p = await pass();
    for (const direction of ['exit', 'return'] as const) {
      const res = await post(direction, { gatepassId: p._id });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/a gate pass id alone is not enough/);
    }
    // Nothing was recorded: the pass can still be scanned for its exit.
    expect((await scan({ credential: (await credentialOf(p._id)).credential })).outcome).toBe('allow-exit');
  });

  it('refuses a scan that did not allow this move, is of another pass, is unknown or is old', async () => {
    const p = await pass();
    const other = await pass({ time: '10:00' });
    const { credential } = await credentialOf(p._id);
    const allowed = await scan({ credential });
    const refusedScan = await scan({ credential, direction: 'return' });
    expect(refusedScan).toMatchObject({ outcome: 'refused', reason: 'not-out' });

    const cases: [string, object, number, RegExp][] = [
      ['return', { scanId: allowed.scanId }, 409, /did not allow a return/],
      ['exit', { scanId: refusedScan.scanId }, 409, /did not allow an exit/],
      ['exit', { scanId: allowed.scanId, gatepassId: other._id }, 409, /another gate pass/],
      ['exit', { scanId: '00000000-0000-4000-8000-000000000000' }, 404, /scan the pass first/],
      ['exit', { scanId: allowed.scanId, code: 'ABCD' }, 400, /send one of scanId/],
    ];
    for (const [direction, body, status, message] of cases) {
      const res = await post(direction as 'exit' | 'return', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }

    clock.advance(16 * 60_000);
    try {
      const late = await post('exit', { scanId: allowed.scanId });
      expect(late.statusCode).toBe(409);
      expect(late.json<{ message: string }>().message).toMatch(/more than 15 minutes old/);
    } finally {
      clock.advance(-16 * 60_000);
    }
    // The scan still allows the exit while it is fresh.
    expect((await move('exit', { scanId: allowed.scanId, gatepassId: p._id })).outcome).toBe('exited');
  });

  it('takes the typed code itself, checked again as a scan', async () => {
    const p = await pass();
    const { code } = await credentialOf(p._id);
    const out = await move('exit', { code: code.toLowerCase() });
    expect(out).toMatchObject({ outcome: 'exited', message: 'Exit recorded', gatepass: { _id: p._id } });
    expect(await move('exit', { code })).toMatchObject({ outcome: 'refused', reason: 'already-out' });
    expect(await move('return', { code: `${code.slice(0, 4)} ${code.slice(4)}` })).toMatchObject({
      outcome: 'returned',
    });
    expect(await move('exit', { code: 'zz' })).toMatchObject({ outcome: 'refused', reason: 'unknown-code' });
  });
});

describe('a refused answer', () => {
  it('carries none of the pass’s details, only its reason', async () => {
    const out = await pass({ time: '11:00' });
    expect((await scanThenMove('exit', out._id)).outcome).toBe('exited');
    const later = await pass({ date: '2031-03-12' });
    const revoked = await pass({ time: '12:00' });
    const revokedCred = await credentialOf(revoked._id);
    expect(
      (await call('PUT', '/api/gatepasses/revoke', mentorToken, { gatepassId: revoked._id })).statusCode,
    ).toBe(200);
    const bodies: [object, string][] = [
      [{ credential: (await credentialOf(out._id)).credential, direction: 'exit' }, 'already-out'],
      [{ credential: (await credentialOf(later._id)).credential }, 'wrong-day'],
      [{ code: revokedCred.code }, 'revoked'],
    ];
    for (const [body, reason] of bodies) {
      const res = await call('POST', '/api/gate/scan', guardToken, body);
      expect(res.statusCode).toBe(200);
      expect(res.json<GateAnswer>()).toMatchObject({ outcome: 'refused', reason });
      expect(res.json<GateAnswer>().gatepass).toBeUndefined();
      expect(res.body).not.toContain('Asha Rao');
      expect(res.body).not.toContain(String(student.rollNo));
      expect(res.body).not.toContain('Dentist appointment');
    }
    // A second gate confirming an exit already recorded is refused the same way.
    const { credential } = await credentialOf(out._id);
    const res = await call('POST', '/api/gate/exit', guard2Token, { credential });
    expect(res.statusCode).toBe(200);
    expect(res.json<GateAnswer>()).toMatchObject({ outcome: 'refused', reason: 'already-out' });
    expect(res.body).not.toContain('Asha Rao');
  });
});

describe('overdue', () => {
  it('tells the mentors once, however many sweeps run at once, and counts on the dashboard', async () => {
    const p = await pass({ returnBy: '10:00' });
    expect((await scanThenMove('exit', p._id)).outcome).toBe('exited');
    const deps = { db: t.handle.db, now: clock.now, notify: notifier(t.handle.db, t.handle.live, t.app.log) };
    expect(await sweepOverdue(deps)).toBe(0);
    clock.advance(3 * 3_600_000); // 11:00, an hour late
    try {
      const swept = await Promise.all([sweepOverdue(deps), sweepOverdue(deps), sweepOverdue(deps)]);
      expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sweepOverdue(deps)).toBe(0);
      const inbox = await call('GET', '/api/notifications', mentorToken);
      const told = inbox.json<{ items?: Notification[] } | Notification[]>();
      const items = Array.isArray(told) ? told : (told.items ?? []);
      expect(items.filter((n) => n.kind === 'gatepass.overdue' && n.text.includes('Asha Rao'))).toHaveLength(
        1,
      );
      const count = await call('GET', '/api/gate/overdue/count', adminToken);
      expect(count.json<{ count: number }>().count).toBeGreaterThanOrEqual(1);
      const log = (await call('GET', '/api/gate/movements', mentorToken)).json<GateMovements>();
      expect(log.overdue.map((m) => m.gatepassId)).toContain(p._id);
      expect(log.overdue.find((m) => m.gatepassId === p._id)).toMatchObject({ exitedBy: 'Gate One' });
      // Another group's mentor does not see the student.
      const outside = (await call('GET', '/api/gate/movements', outsiderToken)).json<GateMovements>();
      expect(outside.out.map((m) => m.gatepassId)).not.toContain(p._id);
      expect((await call('GET', '/api/gate/movements', studentToken)).statusCode).toBe(403);
      const csv = await call('GET', `/api/gate/movements.csv?date=${TODAY}&group=GATE-A`, adminToken);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.body).toContain('Asha Rao');
      expect(csv.body).toContain('overdue');
      expect((await scanThenMove('return', p._id)).outcome).toBe('returned');
    } finally {
      clock.advance(-3 * 3_600_000);
    }
  });
});

describe('withdrawing', () => {
  it('removes the student’s own pending pass only', async () => {
    const p = await pass({}, { approve: false });
    expect(
      (await call('PUT', '/api/gatepasses/withdraw', otherToken, { gatepassId: p._id })).statusCode,
    ).toBe(404);
    const res = await call('PUT', '/api/gatepasses/withdraw', studentToken, { gatepassId: p._id });
    expect(res.statusCode, res.body).toBe(200);
    const pending = (await call('GET', `/api/gatepasses/pending/${student.rollNo}`, studentToken)).json<
      GatePass[]
    >();
    expect(pending.map((g) => g._id)).not.toContain(p._id);
    const approved = await pass();
    const again = await call('PUT', '/api/gatepasses/withdraw', studentToken, { gatepassId: approved._id });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/only a pending gate pass/i);
  });
});

describe('guards', () => {
  it('are created by admins, sign in, and are deactivated like teachers', async () => {
    const created = await call('POST', '/api/guards', adminToken, {
      guardId: '810001',
      name: 'Ravi Kumar',
      email: 'ravi@campus.example',
      phoneNo: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { oneTimePassword } = created.json<{ oneTimePassword: string }>();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: '810001', password: oneTimePassword },
    });
    expect(signedIn.json()).toMatchObject({ role: 'guard', mustChangePassword: true });
    expect(
      (
        await call('POST', '/api/guards', adminToken, {
          guardId: 810001,
          name: 'Again',
          email: 'a@b.example',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/api/guards', guardToken, { guardId: 810002, name: 'X', email: 'a@b.example' }))
        .statusCode,
    ).toBe(403);
    const edit = await call('PUT', '/api/guards/810001', adminToken, {
      name: 'Ravi K.',
      email: 'ravi@campus.example',
      phoneNo: '9876543210',
    });
    expect(edit.json()).toMatchObject({
      message: 'Guard saved',
      guard: { name: 'Ravi K.', phoneNo: '9876543210' },
    });
    const off = await call('PUT', '/api/guards/810001/active', adminToken, { active: false });
    expect(off.json()).toMatchObject({ guard: { status: 'inactive' } });
    const list = await call('GET', '/api/guards', adminToken);
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ _id: string; guardId: number }[]>().find((g) => g.guardId === 810001);
    // The account, by which an admin downloads or erases the guard's data.
    const exported = await call('GET', `/api/people/${listed!._id}/export`, adminToken);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/zip');
  });
});

describe('the movement log', () => {
  it('needs no mentor to be out to answer, and refuses a bad date', async () => {
    expect((await call('GET', '/api/gate/movements?date=yesterday', adminToken)).statusCode).toBe(400);
    const res = await call('GET', `/api/gate/movements?date=${TODAY}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json<GateMovements>().date).toBe(TODAY);
  });
});

describe('importing guards', () => {
  it('creates guards from a CSV file with one-time passwords, and refuses another role’s User ID', async () => {
    const csv = `guardId,name,phoneNo,email\r\n820001,Meena Iyer,,meena@campus.example\r\n820002,Joseph D,9876543210,joseph@campus.example\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import/guards',
      payload: csv,
      headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('820001');
    const list = (await call('GET', '/api/guards', adminToken)).json<{ guardId: number; name: string }[]>();
    expect(list).toEqual(
      expect.arrayContaining([expect.objectContaining({ guardId: 820002, name: 'Joseph D' })]),
    );
    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/import/guards/check',
      payload: `guardId,name,email\r\n${student.rollNo},Someone,s@campus.example\r\n`,
      headers: { ...bearer(adminToken), 'content-type': 'text/csv' },
    });
    expect(clash.body).toMatch(/student/i);
  });
});
