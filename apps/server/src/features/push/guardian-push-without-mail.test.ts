/**
 * A campus that sends no mail still pushes to guardians what they chose to hear of at once (decision
 * record 0093): push does not ride on the mail service being set up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import { bearer, createGuardian, createStudent, login } from '../../../test/fixtures';
import { startPushService, type PushServiceStandIn } from '../../../test/push-service';

const clock = testClock(Date.parse('2026-03-02T09:00:00.000Z'));
let t: TestApp;
let pushes: PushServiceStandIn;

beforeAll(async () => {
  pushes = await startPushService();
  t = await createTestApp({
    now: clock.now,
    push: { allowTestEndpoints: true, subject: 'mailto:it@test.example' },
  });
});
afterAll(async () => {
  await t.close();
  await pushes.close();
});

async function deliver() {
  await t.app.mail.settled();
  await t.app.push.settled();
  while ((await t.app.push.deliverDue()) > 0) {
    /* until nothing is due */
  }
}

describe('push for guardians without mail', () => {
  it("pushes a child's exit to the guardian's device, and only what was chosen at once", async () => {
    expect(t.app.mail.enabled).toBe(false);
    const child = await createStudent(t.handle.db, { group: 'GPN-1' });
    const other = await createStudent(t.handle.db, { group: 'GPN-1' });
    const guardian = await createGuardian(t.handle.db, [child.rollNo, other.rollNo]);
    const token = await login(t.app, guardian.loginId);
    const device = pushes.subscription();
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: bearer(token),
      payload: { ...device.json, expirationTime: null },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const chose = await t.app.inject({
      method: 'PUT',
      url: '/api/guardian/notification-settings',
      headers: bearer(token),
      payload: { rollNo: other.rollNo, modes: { movements: 'off' } },
    });
    expect(chose.statusCode, chose.body).toBe(200);

    expect(await t.app.mail.notifyGuardian(child.rollNo, 'gateExit', 'Left at 10:00.')).toBe(false);
    await t.app.mail.notifyGuardian(other.rollNo, 'gateExit', 'Left at 10:05.');
    await deliver();
    const pushed = pushes.to(device).map((m) => JSON.parse(device.decrypt(m.body)) as { url: string });
    expect(pushed.map((p) => p.url)).toEqual([`/guardian/children?child=${child.rollNo}`]);
  });
});
