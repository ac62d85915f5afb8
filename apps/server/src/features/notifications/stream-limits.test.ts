/**
 * Live update streams are bounded per account (the oldest is closed when a new one comes), per
 * client address and per instance (503 with Retry-After), and a full instance still answers health
 * and sign-in (decision record 0023).
 */
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, login, PASSWORD } from '../../../test/fixtures';
import { openEvents } from '../../../test/live-stream';
import type { StreamLimits } from './stream-slots';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(streamLimits: StreamLimits) {
  t = await createTestApp({ streamLimits, trustProxy: true });
  return t;
}

async function signedInStudent(app: TestApp) {
  const student = await createStudent(app.handle.db, {});
  return login(app.app, student.loginId);
}

/** Resolves with `true` if `promise` settles within `ms`, `false` otherwise. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

/** Something every student hears of at once: a query on the board. */
async function postQuery(app: TestApp, token: string) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/submit-query',
    headers: bearer(token),
    payload: { topic: 'Canteen', tags: 'food', query: 'Is it open?' },
  });
  expect(res.statusCode).toBe(201);
}

describe('streams per account', () => {
  it('closes the oldest stream of an account when it opens one past its limit, and no other', async () => {
    const app = await appWith({ perAccount: 2, perAddress: 100, perInstance: 100 });
    const token = await signedInStudent(app);
    const otherToken = await signedInStudent(app);
    const theirs = await openEvents(app.app, otherToken);
    const first = await openEvents(app.app, token);
    const second = await openEvents(app.app, token);
    const third = await openEvents(app.app, token);
    const opened = [theirs, first, second, third];
    try {
      // A new tab is never refused: the oldest of the account's streams makes room.
      expect(third.statusCode).toBe(200);
      expect(await within(first.ended, 3000)).toBe(true);
      expect(first.named).toEqual(['superseded']);
      // The others still hear what changes.
      await postQuery(app, otherToken);
      for (const open of [theirs, second, third]) await open.next('queries');
      expect(theirs.named).toEqual([]);
    } finally {
      for (const open of opened) open.close();
    }
  });
});

describe('streams per client address', () => {
  it('refuses a stream past the address bound with 503 and Retry-After; another address is still served', async () => {
    const app = await appWith({ perAccount: 5, perAddress: 3, perInstance: 100 });
    const [a, b] = [await signedInStudent(app), await signedInStudent(app)];
    const from = (address: string) => ({ ...bearer(b), 'x-forwarded-for': address });
    const opened = [
      await openEvents(app.app, a, undefined, { 'x-forwarded-for': '203.0.113.7' }),
      await openEvents(app.app, a, undefined, { 'x-forwarded-for': '203.0.113.7' }),
      await openEvents(app.app, b, undefined, { 'x-forwarded-for': '203.0.113.7' }),
    ];
    try {
      expect(opened.map((o) => o.statusCode)).toEqual([200, 200, 200]);
      const refused = await app.app.inject({ url: '/api/events', headers: from('203.0.113.7') });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json<{ message: string }>().message).toMatch(/Too many live update streams .* address/);
      const elsewhere = await openEvents(app.app, b, undefined, { 'x-forwarded-for': '198.51.100.9' });
      opened.push(elsewhere);
      expect(elsewhere.statusCode).toBe(200);
      // The refusal closed nobody's stream: every one still hears what changes.
      await postQuery(app, a);
      for (const open of opened) await open.next('queries');
      expect(opened.flatMap((o) => o.named)).toEqual([]);
    } finally {
      for (const open of opened) open.close();
    }
  });
});

/** A live updates stream over a real socket: the answer's status and headers, and how to close it. */
function openOverSocket(port: number, token: string): Promise<{ res: IncomingMessage; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/api/events',
      headers: bearer(token),
      agent: false,
    });
    req.on('response', (res) => resolve({ res, close: () => req.destroy() }));
    req.on('error', reject);
    req.end();
  });
}

describe('streams per instance', () => {
  it('answers 503 with Retry-After past the cap while health and sign-in still answer', async () => {
    const app = await appWith({ perAccount: 5, perAddress: 100, perInstance: 3 });
    const admin = await createAdmin(app.handle.db);
    const [a, b] = [await signedInStudent(app), await signedInStudent(app)];
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const held = [
      await openOverSocket(port, a),
      await openOverSocket(port, a),
      await openOverSocket(port, b),
    ];
    try {
      expect(held.map((h) => h.res.statusCode)).toEqual([200, 200, 200]);

      const refused = await fetch(`${base}/api/events`, { headers: bearer(b) });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /as many live update streams as it can/,
      );

      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      const signIn = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: String(admin.loginId), password: PASSWORD }),
      });
      expect(signIn.status).toBe(200);

      // A closed tab gives its place back.
      held.shift()!.close();
      await expect
        .poll(async () => {
          const next = await openOverSocket(port, b);
          if (next.res.statusCode === 200) held.push(next);
          else next.close();
          return next.res.statusCode;
        })
        .toBe(200);
    } finally {
      for (const h of held) h.close();
    }
  });
});
