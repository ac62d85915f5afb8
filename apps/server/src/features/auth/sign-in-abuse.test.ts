/**
 * Sign-in under abuse, round two (decision record 0024): a refusal's hold is not spent in the User
 * ID's line, refusals and sign-ins add bounded audit entries and sessions, and an unused one-time
 * password cannot be locked by strangers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createStudent, login, PASSWORD } from '../../../test/fixtures';
import { hashOneTimePassword, newOneTimePassword } from '../../lib/passwords';

/** Holds that the test releases itself: no refusal is answered before the test says so. */
function gate() {
  const waiting: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  let calls = 0;
  let open = false;
  return {
    hold: () => {
      calls++;
      if (open) return Promise.resolve();
      const held = new Promise<void>((resolve) => waiting.push(resolve));
      for (const w of watchers.filter((w) => waiting.length >= w.count)) w.resolve();
      return held;
    },
    /** Resolves once `count` refusals are being held at the same time. */
    holding: (count: number) =>
      new Promise<void>((resolve) => {
        if (waiting.length >= count) resolve();
        else watchers.push({ count, resolve });
      }),
    get pending() {
      return waiting.length;
    },
    get calls() {
      return calls;
    },
    releaseAll() {
      open = true;
      for (const release of waiting.splice(0)) release();
    },
  };
}

/** The bound the README states: the oldest session goes when a 21st is made. */
const MAX_SESSIONS_PER_ACCOUNT = 20;

let t: TestApp;
const holds = gate();
beforeAll(async () => {
  t = await createTestApp({
    hashing: { concurrency: 2, queued: 1000 },
    // Every refusal is held, as in production, but for as long as the test says.
    signInLimits: { refusalDelayMs: 1000 },
    signInHold: holds.hold,
  });
});
afterAll(async () => {
  holds.releaseAll();
  await t.close();
});

let clientCounter = 0;
const newClient = () => {
  clientCounter++;
  return `203.0.${Math.floor(clientCounter / 250) + 100}.${(clientCounter % 250) + 1}`;
};

const signIn = (userId: number | string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userId: String(userId), password },
    remoteAddress,
  });

async function auditRows(client: string) {
  return t.handle.db
    .selectFrom('audit_log')
    .select(['kind', 'actor_login_id', 'detail', 'count'])
    .where('client', '=', client)
    .execute();
}

describe('a burst of wrong guesses for one User ID', () => {
  it("does not hold the owner's right password from their own device behind the refusals' holds", async () => {
    const victim = await createStudent(t.handle.db);
    const home = newClient();
    expect((await signIn(victim.loginId, PASSWORD, home)).statusCode).toBe(200);
    const attacker = newClient();
    const N = 40;
    const guesses = Array.from({ length: N }, (_, i) => signIn(victim.loginId, `wrong-${i}`, attacker));
    // Past the fifth failure every guess is refused and held; none of them is answered yet, and all
    // of them are held at once: none waits for another's hold.
    await holds.holding(N - 5);
    const mine = await signIn(victim.loginId, PASSWORD, home);
    expect(mine.statusCode).toBe(200);
    expect(holds.pending).toBeGreaterThanOrEqual(N - 5);
    holds.releaseAll();
    const statuses = (await Promise.all(guesses)).map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(N - 5);
  });
});

describe('audit and sessions from traffic that is not signed in', () => {
  it('counts refusals of one client in a bounded number of entries whatever User IDs it tries', async () => {
    holds.releaseAll();
    const client = newClient();
    const attempts = 80;
    for (let i = 0; i < attempts; i++) await signIn(8_800_000 + i, 'guess', client);
    const rows = await auditRows(client);
    const failures = rows.filter((r) => r.kind === 'signin.failure');
    expect(failures.reduce((sum, r) => sum + r.count, 0)).toBe(attempts);
    // 30 checked guesses (one entry each, by User ID), then one counted entry for the refusals.
    expect(failures.length).toBeLessThanOrEqual(31);
    expect(failures).toContainEqual({
      kind: 'signin.failure',
      actor_login_id: null,
      detail: 'HTTP 429',
      count: 50,
    });
  });

  it('holds a malformed sign-in like a refusal, counts it against the client, and then refuses it', async () => {
    holds.releaseAll();
    const before = holds.calls;
    const client = newClient();
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await signIn(8_900_000 + i, '', client));
    expect(answers.slice(0, 30).map((a) => a.statusCode)).toEqual(Array(30).fill(400));
    expect(answers[30]!.statusCode).toBe(429);
    expect(answers[30]!.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(holds.calls - before).toBe(32);
    // The client is over its limit for every User ID, the right password too.
    const student = await createStudent(t.handle.db);
    expect((await signIn(student.loginId, PASSWORD, client)).statusCode).toBe(429);
    const rows = (await auditRows(client)).filter((r) => r.kind === 'signin.failure');
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({
      kind: 'signin.failure',
      actor_login_id: null,
      detail: 'HTTP 400',
      count: 30,
    });
  });

  it('keeps the newest sessions of an account that signs in again and again, and one audit entry', async () => {
    const student = await createStudent(t.handle.db);
    const client = newClient();
    const tokens = [];
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT + 5; i++) tokens.push(await login(t.app, student.loginId));
    const sessions = await t.handle.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', student.accountId)
      .execute();
    expect(sessions).toHaveLength(MAX_SESSIONS_PER_ACCOUNT);
    const me = (token: string) =>
      t.app.inject({ url: `/api/post-data-from-token/${token}`, headers: bearer(token) });
    expect((await me(tokens[0]!)).statusCode).toBe(401);
    expect((await me(tokens.at(-1)!)).statusCode).toBe(200);
    expect((await me(tokens.at(-MAX_SESSIONS_PER_ACCOUNT)!)).statusCode).toBe(200);

    for (let i = 0; i < 10; i++)
      expect((await signIn(student.loginId, PASSWORD, client)).statusCode).toBe(200);
    expect(await auditRows(client)).toEqual([
      { kind: 'signin.success', actor_login_id: student.loginId, detail: null, count: 10 },
    ]);
  });
});

describe('an unused one-time password', () => {
  async function withOneTimePassword() {
    const student = await createStudent(t.handle.db);
    const oneTime = newOneTimePassword();
    await t.handle.db
      .updateTable('accounts')
      .set({ password_hash: hashOneTimePassword(oneTime), must_change_password: 1 })
      .where('id', '=', student.accountId)
      .execute();
    return { ...student, oneTime };
  }

  it("cannot be locked by strangers' guesses from two addresses: its first sign-in goes through", async () => {
    holds.releaseAll();
    const fresh = await withOneTimePassword();
    for (const stranger of [newClient(), newClient()]) {
      for (let i = 0; i < 5; i++)
        expect((await signIn(fresh.loginId, `guess-${i}`, stranger)).statusCode).toBe(401);
    }
    const first = await signIn(fresh.loginId, fresh.oneTime, newClient());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ mustChangePassword: true });
  });

  it('is still limited per client, and an account with its own password still per account', async () => {
    holds.releaseAll();
    const fresh = await withOneTimePassword();
    const stranger = newClient();
    for (let i = 0; i < 5; i++) await signIn(fresh.loginId, `guess-${i}`, stranger);
    expect((await signIn(fresh.loginId, fresh.oneTime, stranger)).statusCode).toBe(429);

    const settled = await createStudent(t.handle.db);
    for (const other of [newClient(), newClient()]) {
      for (let i = 0; i < 5; i++) await signIn(settled.loginId, `guess-${i}`, other);
    }
    expect((await signIn(settled.loginId, PASSWORD, newClient())).statusCode).toBe(429);
  });
});
