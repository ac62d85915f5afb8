/**
 * Who has a device is kept in memory, so that a notification to people without one reads no
 * devices: a device added on one server is pushed to by another at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPair, testClock, type TestApp } from '../../../test/app';
import { bearer, createAdmin, login } from '../../../test/fixtures';
import { startPushService, type PushServiceStandIn } from '../../../test/push-service';

const clock = testClock(Date.parse('2026-03-02T09:00:00.000Z'));
let service: PushServiceStandIn;
let pair: Awaited<ReturnType<typeof createTestPair>>;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  service = await startPushService();
  pair = await createTestPair({
    now: clock.now,
    push: { allowTestEndpoints: true, subject: 'mailto:it@test.example' },
  });
  ({ first, second } = pair);
});
afterAll(async () => {
  await pair.close();
  await service.close();
});

/** A message to support on `instance`: every admin is notified, and pushed what is due. */
const supportMessage = async (instance: TestApp) => {
  const res = await instance.app.inject({
    method: 'POST',
    url: '/api/support-add',
    payload: { name: 'Visitor', email: 'visitor@test.example', message: 'The page does not load' },
  });
  expect(res.statusCode).toBe(201);
  await instance.app.push.settled();
  while ((await instance.app.push.deliverDue()) > 0) {
    /* until nothing more is due */
  }
};

describe('who has a device, kept in memory', () => {
  it('a device added on one server is pushed to by another at once', async () => {
    const admin = await createAdmin(first.handle.db);
    // The first server learns that nobody has a device.
    await supportMessage(first);
    const device = service.subscription();
    const added = await second.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: bearer(await login(second.app, admin.loginId)),
      payload: { ...device.json, expirationTime: null },
    });
    expect(added.statusCode, added.body).toBe(201);
    await supportMessage(first);
    expect(service.to(device)).toHaveLength(1);
  });
});
