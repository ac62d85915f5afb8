/**
 * Web Push end to end without the internet (decision record 0088): a stand-in push service on
 * loopback receives the encrypted request, and the test decrypts it with the subscription's own
 * keys (RFC 8291) and finds the title. A 410 removes the subscription, a 500 is tried again, a kind
 * turned off sends nothing, and nobody touches another person's devices.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATHS, PUSH_TITLES } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, login } from '../../../test/fixtures';
import {
  startPushService,
  verifyVapid,
  type PushServiceStandIn,
  type TestSubscription,
} from '../../../test/push-service';
import { notifier } from '../notifications/notifier';
import { endpointProblem } from './endpoint';
import { vapidKeys } from './keys';

const clock = testClock(Date.parse('2026-03-02T09:00:00.000Z'));
const BACKOFF_MS = 30_000;
let service: PushServiceStandIn;
let t: TestApp;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({
    now: clock.now,
    push: {
      allowTestEndpoints: true,
      backoffMs: BACKOFF_MS,
      maxAttempts: 3,
      subject: 'mailto:it@test.example',
    },
  });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** Sends everything due now. */
const deliver = async () => {
  await t.app.push.settled();
  while ((await t.app.push.deliverDue()) > 0) {
    /* until nothing more is due */
  }
};

let visitors = 0;
/** A message to support: every admin is notified (kind support.received). */
const supportMessage = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support-add',
    payload: {
      name: `Visitor ${++visitors}`,
      email: 'visitor@test.example',
      message: 'The page does not load',
    },
  });
  expect(res.statusCode).toBe(201);
};

const subscribe = (token: string, subscription: TestSubscription, label?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: {
      ...bearer(token),
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
    },
    payload: { ...subscription.json, expirationTime: null, ...(label ? { label } : {}) },
  });

async function adminWithDevice() {
  const admin = await createAdmin(t.handle.db);
  const token = await login(t.app, admin.loginId);
  const device = service.subscription();
  const res = await subscribe(token, device);
  expect(res.statusCode).toBe(201);
  return { admin, token, device, id: res.json<{ _id: string }>()._id };
}

const devicesOf = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{
    kinds: string[];
    devices: { _id: string; label: string; kinds: Record<string, boolean> }[];
  }>();
};

describe('the campus key', () => {
  it('is given to signed-in people only, and is one P-256 public key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
    const student = await createStudent(t.handle.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/push/key',
      headers: bearer(await login(t.app, student.loginId)),
    });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(res.body).not.toMatch(/private/i);
  });

  it('is made once: instances starting together agree on one pair', async () => {
    const loaders = [1, 2, 3].map(() => vapidKeys(t.handle.db, undefined, clock.now));
    const pairs = await Promise.all(loaders.map((keys) => keys()));
    expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
    expect(pairs[0]!.publicKey).toBe((await t.app.push.keys()).publicKey);
  });
});

describe('a notification pushed', () => {
  it('arrives encrypted (RFC 8291) and signed (VAPID), with the title, link and tag only', async () => {
    const { device } = await adminWithDevice();
    await supportMessage();
    await deliver();
    const [message, ...more] = service.to(device);
    expect(more).toHaveLength(0);
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(message!.headers.ttl).toBe('86400');
    expect(message!.headers.urgency).toBe('normal');
    // The visitor's name and message are not in it, encrypted or not.
    const text = device.decrypt(message!.body);
    expect(JSON.parse(text)).toEqual({
      title: PUSH_TITLES['support.received'],
      url: PATHS.admin.help,
      tag: `support.received ${PATHS.admin.help}`,
    });
    expect(text).not.toMatch(/Visitor|does not load/);
    const claims = verifyVapid(
      message!.headers.authorization,
      (await t.app.push.keys()).publicKey,
      service.origin,
    );
    expect(claims.sub).toBe('mailto:it@test.example');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it('goes to each of the person’s devices, named from the browser', async () => {
    const { token, device } = await adminWithDevice();
    const second = service.subscription();
    expect((await subscribe(token, second, 'Work laptop')).statusCode).toBe(201);
    const { devices, kinds } = await devicesOf(token);
    expect(kinds).toEqual(['supportMessages']);
    expect(devices.map((d) => d.label).sort()).toEqual(['Chrome on Android', 'Work laptop']);
    await supportMessage();
    await deliver();
    expect(service.to(device)).toHaveLength(1);
    expect(JSON.parse(second.decrypt(service.to(second)[0]!.body))).toMatchObject({
      title: PUSH_TITLES['support.received'],
    });
  });

  it('sends nothing for a kind turned off on that device, and again once on', async () => {
    const { token, device, id } = await adminWithDevice();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/push/subscriptions/${id}`,
      headers: bearer(token),
      payload: { kinds: { supportMessages: false } },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ kinds: Record<string, boolean> }>().kinds.supportMessages).toBe(false);
    await supportMessage();
    await deliver();
    expect(service.to(device)).toHaveLength(0);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/push/subscriptions/${id}`,
      headers: bearer(token),
      payload: { kinds: { supportMessages: true } },
    });
    expect(on.statusCode).toBe(200);
    await supportMessage();
    await deliver();
    expect(service.to(device)).toHaveLength(1);
  });

  it('finds the devices of many people in one query', async () => {
    const students = await Promise.all(Array.from({ length: 40 }, () => createStudent(t.handle.db)));
    const notify = notifier(
      t.handle.db,
      t.handle.live,
      t.app.log,
      undefined,
      undefined,
      undefined,
      t.app.push,
    );
    const selectFrom = vi.spyOn(t.handle.db, 'selectFrom');
    try {
      await notify.courseRisk(
        students[0]!.group,
        students.map((s) => ({ rollNo: s.rollNo, text: 'Below 75% in Physics' })),
      );
      const reads = selectFrom.mock.calls.filter(([table]) => (table as unknown) === 'push_subscriptions');
      expect(reads).toHaveLength(1);
    } finally {
      selectFrom.mockRestore();
    }
  });
});

describe('what the push service answers', () => {
  it('410: the subscription is removed, and nothing more is sent to it', async () => {
    const { token, device } = await adminWithDevice();
    service.answer(device, 410);
    await supportMessage();
    await deliver();
    expect(service.to(device)).toHaveLength(1);
    expect((await devicesOf(token)).devices).toHaveLength(0);
    await supportMessage();
    await deliver();
    expect(service.to(device)).toHaveLength(1);
  });

  it('404: the subscription is removed as well', async () => {
    const { token, device } = await adminWithDevice();
    service.answer(device, 404);
    await supportMessage();
    await deliver();
    expect((await devicesOf(token)).devices).toHaveLength(0);
  });

  it('500: tried again after the wait, then it arrives once', async () => {
    const { device } = await adminWithDevice();
    service.answer(device, 500);
    await supportMessage();
    await deliver();
    expect(service.to(device)).toHaveLength(1);
    // Not before its time.
    await deliver();
    expect(service.to(device)).toHaveLength(1);
    clock.advance(BACKOFF_MS);
    await deliver();
    const [failed, arrived, ...more] = service.to(device);
    expect(more).toHaveLength(0);
    expect(device.decrypt(arrived!.body)).toBe(device.decrypt(failed!.body));
    clock.advance(10 * BACKOFF_MS);
    await deliver();
    expect(service.to(device)).toHaveLength(2);
  });

  it('keeps failing: given up after the last attempt, and the device stays', async () => {
    const { token, device } = await adminWithDevice();
    service.answer(device, 503, 503, 503, 503);
    await supportMessage();
    for (let round = 0; round < 5; round++) {
      await deliver();
      clock.advance(BACKOFF_MS * 2 ** round);
    }
    expect(service.to(device)).toHaveLength(3);
    const row = await t.handle.db
      .selectFrom('push_queue as q')
      .innerJoin('push_subscriptions as s', 's.id', 'q.subscription_id')
      .select(['q.status', 'q.attempts', 'q.last_error'])
      .where('s.endpoint', '=', device.json.endpoint)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).toMatch(/503/);
    expect((await devicesOf(token)).devices).toHaveLength(1);
  });
});

describe('whose devices', () => {
  it('nobody reads, changes or removes another person’s device', async () => {
    const { token: ownerToken, device, id } = await adminWithDevice();
    const other = await createAdmin(t.handle.db);
    const otherToken = await login(t.app, other.loginId);
    expect((await devicesOf(otherToken)).devices).toHaveLength(0);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/push/subscriptions/${id}`,
      headers: bearer(otherToken),
      payload: { kinds: { supportMessages: false } },
    });
    expect(put.statusCode).toBe(404);
    const byId = await t.app.inject({
      method: 'DELETE',
      url: `/api/push/subscriptions/${id}`,
      headers: bearer(otherToken),
    });
    expect(byId.statusCode).toBe(404);
    const byEndpoint = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: bearer(otherToken),
      payload: { endpoint: device.json.endpoint },
    });
    expect(byEndpoint.statusCode).toBe(404);
    const { devices } = await devicesOf(ownerToken);
    expect(devices.map((d) => d._id)).toEqual([id]);
    expect(devices[0]!.kinds.supportMessages).toBe(true);
  });

  it('the owner removes this browser by its endpoint (sign-out), and it gets nothing more', async () => {
    const { token, device } = await adminWithDevice();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: bearer(token),
      payload: { endpoint: device.json.endpoint },
    });
    expect(res.statusCode).toBe(200);
    expect((await devicesOf(token)).devices).toHaveLength(0);
    await supportMessage();
    await deliver();
    expect(service.to(device)).toHaveLength(0);
  });

  it('a shared phone moves to whoever signs in on it: what waited for the first person is never sent to it', async () => {
    const first = await adminWithDevice();
    await supportMessage();
    // Before it is sent, a student signs in on the same phone and turns push on.
    const student = await createStudent(t.handle.db);
    const studentToken = await login(t.app, student.loginId);
    const moved = await subscribe(studentToken, first.device);
    expect(moved.statusCode).toBe(201);
    expect((await devicesOf(first.token)).devices).toHaveLength(0);
    expect((await devicesOf(studentToken)).devices).toHaveLength(1);
    await deliver();
    expect(service.to(first.device)).toHaveLength(0);
    // Subscribing again is the same device, not a second one.
    expect((await subscribe(studentToken, first.device)).statusCode).toBe(200);
    expect((await devicesOf(studentToken)).devices).toHaveLength(1);
  });
});

describe('what a subscription may be', () => {
  it('refuses bad keys, an endpoint too long, and names the problem', async () => {
    const admin = await createAdmin(t.handle.db);
    const token = await login(t.app, admin.loginId);
    const good = service.subscription().json;
    const cases = [
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, endpoint: `${service.origin}/${'x'.repeat(3000)}` },
      { ...good, endpoint: 'ftp://push.example/1' },
    ];
    for (const payload of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/endpoint|p256dh|auth/);
    }
  });

  it('outside tests: https, and a browser push service only', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeUndefined();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/abc', false)).toBeUndefined();
    expect(endpointProblem('https://web.push.apple.com/abc', false)).toBeUndefined();
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/abc', false)).toMatch(/https/);
    expect(endpointProblem('https://127.0.0.1/push', false)).toMatch(/push service/);
    expect(endpointProblem('https://fcm.googleapis.com.evil.example/x', false)).toMatch(/push service/);
    expect(endpointProblem('https://user:pw@fcm.googleapis.com/x', false)).toMatch(/user name/);
    expect(endpointProblem('http://127.0.0.1:9/push', true)).toBeUndefined();
  });
});
