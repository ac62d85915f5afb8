/**
 * Push for guardians (decision records 0088 and 0093): what a guardian chose to hear of at once is
 * pushed to their devices, titled in their language with a link to the child's screen; news they
 * turned off or keep for the digest is not pushed, and no family hears of another's child.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, type TestApp } from '../../../test/app';
import {
  createGuardian,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';
import { createPushTestApp, type PushTestApp } from '../../../test/push-app';
import type { PushServiceStandIn, TestSubscription } from '../../../test/push-service';

const clock = testClock(Date.parse('2026-03-02T09:00:00.000Z'));
let server: PushTestApp;
let pushes: PushServiceStandIn;
let t: TestApp;

beforeAll(async () => {
  server = await createPushTestApp({ now: clock.now });
  ({ t, pushes } = server);
});
afterAll(() => server.close());

const inject: PushTestApp['inject'] = (...request) => server.inject(...request);
const deliver = () => server.deliverPushes();

interface Pushed {
  title: string;
  url: string;
}
const pushedTo = (device: TestSubscription): Pushed[] =>
  pushes.to(device).map((m) => JSON.parse(device.decrypt(m.body)) as Pushed);

/** A guardian of `children` who reads `language`, with this browser's push turned on. */
async function guardianWithDevice(children: StudentPerson[], language: 'en' | 'hi' = 'en') {
  const guardian = await createGuardian(
    t.handle.db,
    children.map((c) => c.rollNo),
  );
  const token = await login(t.app, guardian.loginId);
  const set = await inject('PUT', '/api/profile/language', token, { language });
  expect(set.statusCode, set.body).toBe(200);
  const device = pushes.subscription();
  const subscribed = await inject('POST', '/api/push/subscriptions', token, {
    ...device.json,
    expirationTime: null,
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  return { guardian, token, device };
}

async function choose(token: string, child: StudentPerson, modes: Record<string, string>) {
  const res = await inject('PUT', '/api/guardian/notification-settings', token, {
    rollNo: child.rollNo,
    modes,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const student = (group: string) => createStudent(t.handle.db, { group, name: `Child of ${group}` });

describe('push for guardians', () => {
  it("pushes a child's exit to their guardian's device, titled in Hindi, with the child's screen as link", async () => {
    const child = await student('GP-1');
    const { device } = await guardianWithDevice([child], 'hi');
    await t.app.mail.notifyGuardian(child.rollNo, 'gateExit', 'Left at 10:00.');
    await deliver();
    const pushed = pushedTo(device);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.title).toBe('आपका बच्चा बाहर गया या लौटा');
    expect(pushed[0]!.url).toBe(`/guardian/children?child=${child.rollNo}`);
    // Title and link only: the child's name and the details are read after sign-in.
    expect(JSON.stringify(pushed[0])).not.toContain(child.name);
  });

  it('pushes nothing of a kind the guardian turned off or keeps for the digest', async () => {
    const off = await student('GP-2');
    const digest = await student('GP-3');
    const { token, device } = await guardianWithDevice([off, digest]);
    await choose(token, off, { movements: 'off' });
    await choose(token, digest, { movements: 'digest', attendance: 'digest' });
    await t.app.mail.notifyGuardian(off.rollNo, 'gateExit', 'Left at 10:00.');
    await t.app.mail.notifyGuardian(digest.rollNo, 'gateExit', 'Left at 10:05.');
    await t.app.mail.notifyGuardian(digest.rollNo, 'attendanceBelowWarning', 'It is now 70%.');
    await deliver();
    expect(pushedTo(device)).toEqual([]);

    await choose(token, off, { movements: 'now' });
    await t.app.mail.notifyGuardian(off.rollNo, 'gateReturn', 'Back at 11:00.');
    await deliver();
    expect(pushedTo(device).map((p) => p.title)).toEqual(['Your child went out or came back']);
  });

  it("never pushes one family's child to another family's guardian", async () => {
    const mine = await student('GP-4');
    const theirs = await student('GP-5');
    const parent = await guardianWithDevice([mine]);
    const other = await guardianWithDevice([theirs]);
    await t.app.mail.notifyGuardian(mine.rollNo, 'gateExit', 'Left at 10:00.');
    await deliver();
    expect(pushedTo(parent.device)).toHaveLength(1);
    expect(pushedTo(other.device)).toEqual([]);
  });

  it('pushes a notice for guardians to those who chose it at once, linking to the notices', async () => {
    const child = await student('GP-6');
    const { token, device } = await guardianWithDevice([child]);
    const waits = await guardianWithDevice([await student('GP-6')]);
    await choose(token, child, { notices: 'now' });
    expect(await createGuardianNotice('GP-6 sports day')).toBe(201);
    await deliver();
    expect(pushedTo(device)).toEqual([
      expect.objectContaining({ title: 'New notice for guardians', url: '/guardian/notices' }),
    ]);
    // Notices come in the digest unless chosen otherwise: not pushed one by one.
    expect(pushedTo(waits.device)).toEqual([]);
  });
});

/** A teacher of group GP-6 posts a notice for that group's guardians; answers the status. */
async function createGuardianNotice(heading: string): Promise<number> {
  const teacher = await createTeacher(t.handle.db, { groups: ['GP-6'] });
  const token = await login(t.app, teacher.loginId);
  const res = await inject('POST', '/api/create-notice', token, {
    type: 'generalNotice',
    data: {
      heading,
      contactEmail: 'office@test.example',
      description: heading,
      audience: 'guardianGroups',
      groups: ['GP-6'],
    },
  });
  return res.statusCode;
}
