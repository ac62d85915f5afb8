/** Sign-in and password checks under abuse: bursts, lock-outs of others, floods. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestPair, testClock, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, login, PASSWORD } from '../../../test/fixtures';
import type { App } from '../../types';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  // A queue long enough that no attempt of the burst is turned away for want of room.
  t = await createTestApp({ now: clock.now, hashing: { concurrency: 2, queued: 1000 } });
});
afterAll(() => t.close());

let clientCounter = 0;
/** A client address of its own for each call, so tests do not share counters. */
const newClient = () => {
  clientCounter++;
  return `203.0.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
};

const signIn = (app: App, userId: number, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userId: String(userId), password },
    remoteAddress,
  });

async function auditOf(app: App, kind: string, actor: number) {
  const admin = await createAdmin(t.handle.db);
  const token = await login(app, admin.loginId, PASSWORD);
  const res = await app.inject({ url: `/api/audit-log?kind=${kind}&actor=${actor}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ client: string | null; detail: string | null; count: number }[]>();
}

describe('a burst of guesses', () => {
  it('has at most 5 of 300 parallel guesses for one User ID checked, and the right one among them refused', async () => {
    const victim = await createStudent(t.handle.db);
    const attacker = newClient();
    const guesses = Array.from({ length: 299 }, (_, i) => `guess-${i}`);
    const answers = await Promise.all(
      [...guesses, PASSWORD].map((password) => signIn(t.app, victim.loginId, password, attacker)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(295);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds across instances: failures counted by one server count on the other', async () => {
    const pair = await createTestPair();
    try {
      const victim = await createStudent(pair.first.handle.db);
      const attacker = newClient();
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? pair.first.app : pair.second.app;
        expect((await signIn(app, victim.loginId, `wrong-${i}`, attacker)).statusCode).toBe(401);
      }
      expect((await signIn(pair.second.app, victim.loginId, PASSWORD, attacker)).statusCode).toBe(429);
      expect((await signIn(pair.first.app, victim.loginId, PASSWORD, attacker)).statusCode).toBe(429);
    } finally {
      await pair.close();
    }
  });
});

describe('lock-outs', () => {
  it("lets the victim sign in with the right password while an attacker's client is throttled", async () => {
    const victim = await createAdmin(t.handle.db);
    const home = newClient();
    expect((await signIn(t.app, victim.loginId, PASSWORD, home)).statusCode).toBe(200);
    const attacker = newClient();
    const attempts = [];
    for (let i = 0; i < 12; i++) attempts.push(await signIn(t.app, victim.loginId, `wrong-${i}`, attacker));
    expect(attempts.at(-1)!.statusCode).toBe(429);
    expect((await signIn(t.app, victim.loginId, PASSWORD, home)).statusCode).toBe(200);
    // From a client it never used either: one attacker's failures do not use up the User ID.
    expect((await signIn(t.app, victim.loginId, PASSWORD, newClient())).statusCode).toBe(200);
  });

  it('makes a client that signed in before wait longer after each failure instead of locking it out', async () => {
    const student = await createStudent(t.handle.db);
    const home = newClient();
    expect((await signIn(t.app, student.loginId, PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t.app, student.loginId, 'typo', home)).statusCode).toBe(401);
    }
    const first = await signIn(t.app, student.loginId, 'typo', home);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    clock.advance(1000);
    expect((await signIn(t.app, student.loginId, 'typo', home)).statusCode).toBe(401);
    const second = await signIn(t.app, student.loginId, PASSWORD, home);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    clock.advance(2000);
    expect((await signIn(t.app, student.loginId, PASSWORD, home)).statusCode).toBe(200);
  });

  it('locks a client out of one User ID for the window, then lets it try again', async () => {
    const student = await createStudent(t.handle.db);
    const client = newClient();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t.app, student.loginId, 'bad', client)).statusCode).toBe(401);
    }
    const locked = await signIn(t.app, student.loginId, PASSWORD, client);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    clock.advance(15 * 60_000 + 1);
    expect((await signIn(t.app, student.loginId, PASSWORD, client)).statusCode).toBe(200);
  });

  it('refuses a client that tries many User IDs, whichever it tries next', async () => {
    const client = newClient();
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await signIn(t.app, 880000 + i, 'guess', client)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(answers[30]).toBe(429);
    const student = await createStudent(t.handle.db);
    expect((await signIn(t.app, student.loginId, PASSWORD, client)).statusCode).toBe(429);
  });

  it('counts IPv6 clients by their /64 and audits the lock-out with that address', async () => {
    const student = await createStudent(t.handle.db);
    for (let i = 1; i <= 5; i++) {
      const address = `2001:db8:7:42::${i}`;
      expect((await signIn(t.app, student.loginId, 'bad', address)).statusCode).toBe(401);
    }
    const other = await signIn(t.app, student.loginId, PASSWORD, '2001:db8:7:42:ffff:1:2:3');
    expect(other.statusCode).toBe(429);
    expect((await signIn(t.app, student.loginId, PASSWORD, '2001:db8:7:43::1')).statusCode).toBe(200);
    const lockouts = await auditOf(t.app, 'signin.lockout', student.loginId);
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]!.client).toBe('2001:db8:7:42::/64');
  });

  it('believes X-Forwarded-For only when told to trust the proxy', async () => {
    const behindProxy = await createTestApp({ trustProxy: true });
    const direct = t.app;
    try {
      const student = await createStudent(behindProxy.handle.db);
      const send = (app: App, forwardedFor: string, password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { userId: String(student.loginId), password },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 5; i++)
        expect((await send(behindProxy.app, '198.51.100.1', 'bad')).statusCode).toBe(401);
      expect((await send(behindProxy.app, '198.51.100.1', PASSWORD)).statusCode).toBe(429);
      expect((await send(behindProxy.app, '198.51.100.2', PASSWORD)).statusCode).toBe(200);

      const other = await createStudent(t.handle.db);
      const sendDirect = (forwardedFor: string, password: string) =>
        direct.inject({
          method: 'POST',
          url: '/api/login',
          payload: { userId: String(other.loginId), password },
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 5; i++) expect((await sendDirect(`198.51.100.${i}`, 'bad')).statusCode).toBe(401);
      expect((await sendDirect('198.51.100.99', PASSWORD)).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('password hashing under load', () => {
  it('answers 503 with Retry-After once the hashing queue is full', async () => {
    const small = await createTestApp({ hashing: { concurrency: 1, queued: 1 } });
    try {
      const students = await Promise.all(Array.from({ length: 8 }, () => createStudent(small.handle.db)));
      const answers = await Promise.all(
        students.map((s, i) => signIn(small.app, s.loginId, PASSWORD, `198.18.0.${i + 1}`)),
      );
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]!.headers['retry-after']).toBe('1');
      expect(busy[0]!.json()).toEqual({
        message: 'The server is busy checking passwords. Try again in a moment.',
      });
      expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(2);
      // A refusal for want of room is not a failure: each of them signs in afterwards.
      for (const [i, s] of students.entries()) {
        expect((await signIn(small.app, s.loginId, PASSWORD, `198.18.0.${i + 1}`)).statusCode).toBe(200);
      }
    } finally {
      await small.close();
    }
  });

  it('lets a client that signed in before go ahead of a flood of guesses that fills the queue', async () => {
    const small = await createTestApp({ hashing: { concurrency: 1, queued: 4 } });
    try {
      const student = await createStudent(small.handle.db);
      const own = '192.0.2.77';
      expect((await signIn(small.app, student.loginId, PASSWORD, own)).statusCode).toBe(200);
      // 40 strangers guess at 40 unknown User IDs at once; the student signs in from their own client.
      const flood = Array.from({ length: 40 }, (_, i) =>
        signIn(small.app, 9_100_000 + i, 'a guess', `198.51.100.${i + 1}`),
      );
      const mine = signIn(small.app, student.loginId, PASSWORD, own);
      const strangers = await Promise.all(flood);
      expect(strangers.filter((a) => a.statusCode === 503).length).toBeGreaterThan(0);
      expect((await mine).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('limits and audits wrong current passwords on change-password', async () => {
    const student = await createStudent(t.handle.db);
    const client = newClient();
    const token = await login(t.app, student.loginId);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: bearer(token),
        remoteAddress: client,
        payload: { currentPassword, newPassword: 'a-brand-new-secret' },
      });
    for (let i = 0; i < 5; i++) {
      const res = await change(`wrong-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The current password is not correct');
    }
    const refused = await change(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many wrong current passwords\. Try again in 15 minutes\.$/);
    const failures = await auditOf(t.app, 'password.failure', student.loginId);
    expect(failures.reduce((sum, e) => sum + e.count, 0)).toBe(6);
    expect(failures[0]!.client).toBe(client);
  });
});
