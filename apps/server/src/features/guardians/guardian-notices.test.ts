/**
 * Notices for guardians and a guardian's own email choices (decision record 0093): a notice meant
 * for guardians reaches the guardians of the right children only, never a student nor another
 * family; each child's news comes at once, in one digest for all children, or not at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type GuardianNotice, type GuardianNotificationSettings } from '@campus/contract';
import { testClock, type TestApp } from '../../../test/app';
import {
  createGuardian,
  createStudent,
  createTeacher,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';
import { createMailTestApp, type MailTestApp } from '../../../test/mail-app';
import type { SmtpSink } from '../../../test/smtp-sink';

// 17:00 UTC: past the digest hour (16), so a digest goes when the worker runs.
const clock = testClock(Date.parse('2026-03-02T17:00:00.000Z'));
let server: MailTestApp;
let smtp: SmtpSink;
let t: TestApp;
let teacher: Person;
let childA: StudentPerson;
let childB: StudentPerson;
let childOther: StudentPerson;
let parent: Person;
let otherParent: Person;

beforeAll(async () => {
  server = await createMailTestApp({ now: clock.now });
  ({ t, smtp } = server);
  const db = t.handle.db;
  teacher = await createTeacher(db, { groups: ['GN-1'] });
  childA = await createStudent(db, { group: 'GN-1', name: 'Asha Two' });
  childB = await createStudent(db, { group: 'GN-2', name: 'Bina Two' });
  childOther = await createStudent(db, { group: 'GN-3', name: 'Chetan Else' });
  parent = await createGuardian(db, [childA.rollNo, childB.rollNo]);
  otherParent = await createGuardian(db, [childOther.rollNo]);
});
afterAll(() => server.close());

const inject: MailTestApp['inject'] = (...request) => server.inject(...request);
/** The due mails, and the digests due, as the worker's round sends them. */
const deliver = async () => {
  await server.deliver();
  await t.app.mail.tick();
};

async function postNotice(heading: string, audience: string, groups: string[] = []) {
  const token = await login(t.app, teacher.loginId);
  return inject('POST', '/api/create-notice', token, {
    type: 'generalNotice',
    data: { heading, contactEmail: 'office@test.example', description: `About ${heading}`, audience, groups },
  });
}

const titlesFor = async (person: Person) => {
  const res = await inject('GET', '/api/guardian/notices', await login(t.app, person.loginId));
  expect(res.statusCode).toBe(200);
  return res.json<GuardianNotice[]>().map((n) => n.title);
};

describe('notices for guardians', () => {
  it('reach every guardian, or the guardians of the chosen groups only; never students', async () => {
    expect((await postNotice('Parents evening', 'guardians')).statusCode).toBe(201);
    expect((await postNotice('GN-2 trip consent', 'guardianGroups', ['GN-2'])).statusCode).toBe(201);
    expect((await postNotice('Everyone fair', 'all')).statusCode).toBe(201);

    const mine = await titlesFor(parent);
    expect(mine).toEqual(expect.arrayContaining(['Parents evening', 'GN-2 trip consent']));
    expect(mine).not.toContain('Everyone fair');
    const theirs = await titlesFor(otherParent);
    expect(theirs).toContain('Parents evening');
    expect(theirs).not.toContain('GN-2 trip consent');

    const student = await inject('GET', '/api/get-notices', await login(t.app, childB.loginId));
    expect(student.statusCode).toBe(200);
    const seen = student.json<{ heading: string }[]>().map((n) => n.heading);
    expect(seen).toContain('Everyone fair');
    expect(seen).not.toContain('Parents evening');
    expect(seen).not.toContain('GN-2 trip consent');
    const found = await inject('GET', '/api/notices/search?q=trip', await login(t.app, childB.loginId));
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([]);
  });

  it('pages on the server with the total in the header', async () => {
    const token = await login(t.app, parent.loginId);
    const res = await inject('GET', '/api/guardian/notices?limit=1', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()])).toBeGreaterThanOrEqual(2);
  });

  it('refuses groups for the audience of all guardians, and no groups for guardianGroups, naming the field', async () => {
    const withGroups = await postNotice('Wrong', 'guardians', ['GN-1']);
    expect(withGroups.statusCode).toBe(400);
    expect(withGroups.json().message).toContain('data.groups');
    const without = await postNotice('Wrong', 'guardianGroups');
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toContain('guardianGroups');
  });
});

describe("a guardian's notification settings", () => {
  it('lists each child with the defaults, and changes one child only', async () => {
    const token = await login(t.app, parent.loginId);
    const before = await inject('GET', '/api/guardian/notification-settings', token);
    expect(before.statusCode).toBe(200);
    const settings = before.json<GuardianNotificationSettings>();
    expect(settings.children.map((c) => c.rollNo).sort()).toEqual([childA.rollNo, childB.rollNo].sort());
    expect(settings.children[0]!.modes).toEqual({
      movements: 'now',
      attendance: 'now',
      leave: 'now',
      notices: 'digest',
    });
    const put = await inject('PUT', '/api/guardian/notification-settings', token, {
      rollNo: childB.rollNo,
      modes: { movements: 'off' },
    });
    expect(put.statusCode).toBe(200);
    const after = put.json<{ settings: GuardianNotificationSettings }>().settings.children;
    expect(after.find((c) => c.rollNo === childB.rollNo)!.modes.movements).toBe('off');
    expect(after.find((c) => c.rollNo === childA.rollNo)!.modes.movements).toBe('now');
  });

  it("refuses another family's child with 403 and a bad mode with 400 naming it", async () => {
    const token = await login(t.app, parent.loginId);
    const other = await inject('PUT', '/api/guardian/notification-settings', token, {
      rollNo: childOther.rollNo,
      modes: { leave: 'off' },
    });
    expect(other.statusCode).toBe(403);
    const bad = await inject('PUT', '/api/guardian/notification-settings', token, {
      rollNo: childA.rollNo,
      modes: { leave: 'weekly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('leave');
  });

  it("follows the choice per child: one child's exit is mailed at once, the other's not at all", async () => {
    const gate = t.app.mail;
    await gate.notifyGuardian(childA.rollNo, 'gateExit', 'Left at 10:00.');
    await gate.notifyGuardian(childB.rollNo, 'gateExit', 'Left at 10:05.');
    await deliver();
    const subjects = smtp.to(parent.email).map((m) => m.headers.get('subject'));
    expect(subjects).toContain('Asha Two left the campus');
    expect(subjects).not.toContain('Bina Two left the campus');
  });

  it('gathers news of several children into one digest a day', async () => {
    const token = await login(t.app, parent.loginId);
    for (const child of [childA, childB]) {
      const res = await inject('PUT', '/api/guardian/notification-settings', token, {
        rollNo: child.rollNo,
        modes: { attendance: 'digest', movements: 'digest' },
      });
      expect(res.statusCode).toBe(200);
    }
    // Today's digest may have gone with earlier news: the next day's gathers what follows.
    await deliver();
    clock.advance(24 * 3_600_000);
    const before = smtp.to(parent.email).length;
    await t.app.mail.notifyGuardian(childA.rollNo, 'gateReturn', 'Back at 12:00.');
    await t.app.mail.notifyGuardian(childB.rollNo, 'gateExit', 'Left at 12:10.');
    await t.app.mail.notifyGuardian(childB.rollNo, 'attendanceBelowWarning', 'It is now 70%.');
    await deliver();
    const mails = smtp.to(parent.email).slice(before);
    const digests = mails.filter((m) => /digest/.test(m.headers.get('subject') ?? ''));
    expect(digests).toHaveLength(1);
    expect(mails.map((m) => m.headers.get('subject'))).not.toContain('Asha Two returned to the campus');
    const text = digests[0]!.text;
    expect(text).toContain('Asha Two returned to the campus');
    expect(text).toContain('Bina Two left the campus');
    expect(text).toContain("Bina Two's attendance is below");
    expect(text).not.toContain('Chetan');
    await deliver();
    expect(
      smtp
        .to(parent.email)
        .slice(before)
        .filter((m) => /digest/.test(m.headers.get('subject') ?? '')),
    ).toHaveLength(1);
  });
});

describe('mails that follow the choices', () => {
  it('mails a notice for guardians at once to those who chose so, and no other family', async () => {
    const token = await login(t.app, parent.loginId);
    const chose = await inject('PUT', '/api/guardian/notification-settings', token, {
      rollNo: childA.rollNo,
      modes: { notices: 'now' },
    });
    expect(chose.statusCode).toBe(200);
    expect((await postNotice('GN-1 sports day', 'guardianGroups', ['GN-1'])).statusCode).toBe(201);
    await deliver();
    const subjects = (person: Person) => smtp.to(person.email).map((m) => m.headers.get('subject'));
    expect(subjects(parent)).toContain('Notice for guardians: GN-1 sports day');
    expect(subjects(otherParent)).not.toContain('Notice for guardians: GN-1 sports day');
    expect(smtp.to(childA.email).map((m) => m.headers.get('subject'))).not.toContain(
      'Notice for guardians: GN-1 sports day',
    );
  });

  it("tells the guardian when their child's leave is decided", async () => {
    const token = await login(t.app, parent.loginId);
    const reported = await inject('POST', `/api/guardian/children/${childA.rollNo}/absence`, token, {
      from: '2026-03-10',
      to: '2026-03-11',
      reason: 'A family wedding',
    });
    expect(reported.statusCode).toBe(201);
    const { id } = reported.json<{ leave: { id: string } }>().leave;
    const decided = await inject('PUT', `/api/leave/${id}/decision`, await login(t.app, teacher.loginId), {
      decision: 'approved',
    });
    expect(decided.statusCode).toBe(200);
    await deliver();
    const subjects = smtp.to(parent.email).map((m) => m.headers.get('subject'));
    expect(subjects).toContain("Asha Two's leave from 2026-03-10 to 2026-03-11 was approved");
    expect(smtp.to(otherParent.email).map((m) => m.headers.get('subject'))).not.toContain(
      "Asha Two's leave from 2026-03-10 to 2026-03-11 was approved",
    );
  });
});
