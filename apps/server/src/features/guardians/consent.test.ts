/**
 * Guardian consent for gate passes (decision record 0092), on either database: off, a pass goes to
 * its mentors as ever; on, it waits for a linked guardian, who consents or declines in the portal
 * or from the mail's link (a real SMTP server on loopback). Opening the link changes nothing; its
 * POST acts once, for its own pass and guardian, until the pass starts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES, DECLINED_BY_GUARDIAN, type GatePass } from '@campus/contract';
import { testClock, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createGuardian,
  createStudent,
  createTeacher,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';
import { createMailTestApp, type MailTestApp } from '../../../test/mail-app';
import type { SmtpSink } from '../../../test/smtp-sink';

const GROUP = 'GC-1';
// The contract takes a pass's day by the real date; the campus's clock reads 10:00 on it.
const TODAY = new Date().toISOString().slice(0, 10);
const dayAfter = (days: number) => new Date(Date.parse(TODAY) + days * 86_400_000).toISOString().slice(0, 10);
const clock = testClock(Date.parse(`${TODAY}T10:00:00.000Z`));
let server: MailTestApp;
let smtp: SmtpSink;
let t: TestApp;
let admin: Person;
let mentor: Person;
let child: StudentPerson;
let otherChild: StudentPerson;
let alone: StudentPerson;
let guardian: Person;
let otherGuardian: Person;

beforeAll(async () => {
  server = await createMailTestApp({ now: clock.now });
  ({ t, smtp } = server);
  const db = t.handle.db;
  admin = await createAdmin(db);
  mentor = await createTeacher(db, { groups: [GROUP] });
  child = await createStudent(db, { group: GROUP, name: 'Asha Consent' });
  otherChild = await createStudent(db, { group: GROUP, name: 'Bilal Consent' });
  alone = await createStudent(db, { group: GROUP, name: 'Chitra Alone' });
  guardian = await createGuardian(db, [child.rollNo]);
  otherGuardian = await createGuardian(db, [otherChild.rollNo]);
});
afterAll(() => server.close());

const inject: MailTestApp['inject'] = (...request) => server.inject(...request);

async function setConsent(settings: { all: boolean; groups: string[] }) {
  const res = await inject(
    'PUT',
    '/api/guardian-consent-settings',
    await login(t.app, admin.loginId),
    settings,
  );
  expect(res.statusCode, res.body).toBe(200);
}

async function apply(student: StudentPerson, pass: { date?: string; time?: string } = {}): Promise<GatePass> {
  const res = await inject('POST', '/api/submit-gatepass', await login(t.app, student.loginId), {
    date: pass.date ?? dayAfter(1),
    time: pass.time ?? '11:00',
    reason: 'A visit to the doctor',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ gatepass: GatePass }>().gatepass;
}

/** The pass and token of the newest consent link mailed to an address. */
async function linkFor(address: string, passId: string) {
  await server.deliver();
  const mail = smtp.to(address).findLast((m) => m.text.includes(passId));
  expect(mail, `a consent mail to ${address}`).toBeDefined();
  const found = /guardian-consent\?pass=([\w-]+)&token=([\w.%-]+)/.exec(mail!.text);
  return { pass: found![1]!, token: decodeURIComponent(found![2]!), mail: mail! };
}

async function mentorsPending(): Promise<GatePass[]> {
  const res = await inject('GET', '/api/gatepasses/pending?mine=true', await login(t.app, mentor.loginId));
  expect(res.statusCode).toBe(200);
  return res.json<GatePass[]>();
}

async function passAsStudent(student: StudentPerson, id: string): Promise<GatePass> {
  const res = await inject('GET', `/api/gatepass/${id}`, await login(t.app, student.loginId));
  expect(res.statusCode).toBe(200);
  return res.json<GatePass>();
}

describe('with the setting off', () => {
  it('a new pass goes to the mentor as before, with nothing about guardians in it', async () => {
    const settings = await inject('GET', '/api/guardian-consent-settings', await login(t.app, admin.loginId));
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ all: false, groups: [] });
    const pass = await apply(child);
    expect(pass.approvedStatus).toBe('pending');
    expect(pass).not.toHaveProperty('waitingFor');
    expect((await mentorsPending()).map((p) => p._id)).toContain(pass._id);
  });
});

describe('the setting', () => {
  it('is for admins only, and refuses a group that does not exist by name', async () => {
    const teacher = await inject(
      'PUT',
      '/api/guardian-consent-settings',
      await login(t.app, mentor.loginId),
      {
        all: true,
        groups: [],
      },
    );
    expect(teacher.statusCode).toBe(403);
    const unknown = await inject('PUT', '/api/guardian-consent-settings', await login(t.app, admin.loginId), {
      all: false,
      groups: ['NO-SUCH-GROUP'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/NO-SUCH-GROUP/);
  });
});

describe('with the setting on for the group', () => {
  beforeEach(() => setConsent({ all: false, groups: [GROUP] }));

  it('a pass waits for the guardian, hidden from the mentor, and the student sees where it waits', async () => {
    const pass = await apply(child);
    expect(pass).toMatchObject({ approvedStatus: 'pending', waitingFor: 'guardian' });
    expect((await mentorsPending()).map((p) => p._id)).not.toContain(pass._id);
    const all = await inject('GET', '/api/gatepasses/pending', await login(t.app, admin.loginId));
    expect(all.json<GatePass[]>().map((p) => p._id)).not.toContain(pass._id);
    const own = await inject(
      'GET',
      `/api/gatepasses/pending/${child.rollNo}`,
      await login(t.app, child.loginId),
    );
    expect(own.json<GatePass[]>().find((p) => p._id === pass._id)).toMatchObject({ waitingFor: 'guardian' });
    // Not the mentor's to decide yet.
    const decide = await inject('PUT', '/api/gatepasses/update-status', await login(t.app, mentor.loginId), {
      gatepassId: pass._id,
      approvedStatus: 'approved',
    });
    expect(decide.statusCode).toBe(409);
    expect(decide.json<{ message: string }>().message).toMatch(/guardian/);
  });

  it('a student without a linked guardian goes straight to the mentor', async () => {
    const pass = await apply(alone);
    expect(pass).not.toHaveProperty('waitingFor');
    expect((await mentorsPending()).map((p) => p._id)).toContain(pass._id);
  });

  it('opening the link changes nothing; its POST consents once and the pass moves to the mentor', async () => {
    const pass = await apply(child);
    const link = await linkFor(guardian.email, pass._id);
    expect(link.mail.headers.get('subject')).toMatch(/Asha Consent/);

    const opened = await inject(
      'GET',
      `/api/guardian/consent-link?pass=${link.pass}&token=${encodeURIComponent(link.token)}`,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ childName: 'Asha Consent', consent: 'waiting' });
    expect(await passAsStudent(child, pass._id)).toMatchObject({ waitingFor: 'guardian' });

    const posted = await inject('POST', '/api/guardian/consent-link', undefined, {
      pass: link.pass,
      token: link.token,
      answer: 'consent',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toEqual({ message: CONSENT_MESSAGES.given, consent: 'given' });
    const moved = (await mentorsPending()).find((p) => p._id === pass._id);
    expect(moved).toMatchObject({ approvedStatus: 'pending', guardianConsent: 'given' });
    expect(moved).not.toHaveProperty('waitingFor');

    const replay = await inject('POST', '/api/guardian/consent-link', undefined, {
      pass: link.pass,
      token: link.token,
      answer: 'decline',
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json<{ message: string }>().message).toBe(CONSENT_MESSAGES.usedLink);

    const log = await inject(
      'GET',
      '/api/audit-log?kind=gatepass.consent&limit=100',
      await login(t.app, admin.loginId),
    );
    expect(log.json<{ target: string; detail: string }[]>().find((e) => e.target === pass._id)).toMatchObject(
      {
        detail: 'consented',
      },
    );
  });

  it('the queued mail holds no usable link: the link is signed only as the mail is sent', async () => {
    const student = await login(t.app, child.loginId);
    const res = await inject('POST', '/api/submit-gatepass', student, {
      date: dayAfter(1),
      time: '11:00',
      reason: 'Home {{signature:guardian-consent:a:b:c}} visit',
    });
    expect(res.statusCode, res.body).toBe(201);
    const pass = res.json<{ gatepass: GatePass }>().gatepass;
    const queued = await t.handle.db
      .selectFrom('mail_queue')
      .select('text_body')
      .where('kind', '=', 'guardianConsent')
      .where('text_body', 'like', `%${pass._id}%`)
      .executeTakeFirstOrThrow();
    expect(queued.text_body).toMatch(/&token=[\w-]+\.\{\{signature:guardian-consent:[\w:-]+\}\}/);

    const link = await linkFor(guardian.email, pass._id);
    expect(link.token).toMatch(/^[\w-]+\.[\w-]+$/);
    // A person's words are never signed: the reason reaches the guardian as written, unsigned.
    expect(link.mail.text).toContain('Home {\u200b{signature:guardian-consent:a:b:c}} visit');
    const opened = await inject('GET', `/api/guardian/consent-link?pass=${link.pass}&token=${link.token}`);
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('a decline in the portal rejects the pass with its reason, and the student is told', async () => {
    const pass = await apply(child);
    const token = await login(t.app, guardian.loginId);
    const child$ = await inject('GET', `/api/guardian/children/${child.rollNo}`, token);
    expect(
      child$
        .json<{ passes: { id: string; consent: string | null }[] }>()
        .passes.find((p) => p.id === pass._id),
    ).toMatchObject({ consent: 'waiting' });
    const res = await inject(
      'POST',
      `/api/guardian/children/${child.rollNo}/gatepasses/${pass._id}/consent`,
      token,
      {
        answer: 'decline',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ consent: 'declined' });
    expect(await passAsStudent(child, pass._id)).toMatchObject({
      approvedStatus: 'rejected',
      rejectReason: DECLINED_BY_GUARDIAN,
      guardianConsent: 'declined',
    });
    const notes = await inject('GET', '/api/notifications', await login(t.app, child.loginId));
    expect(JSON.stringify(notes.json())).toContain(DECLINED_BY_GUARDIAN);
    // Answered once: the mail's link of the same pass no longer works either.
    const link = await linkFor(guardian.email, pass._id);
    const late = await inject('POST', '/api/guardian/consent-link', undefined, {
      pass: link.pass,
      token: link.token,
      answer: 'consent',
    });
    expect(late.statusCode).toBe(409);
  });

  it('refuses a forged link, a link moved to another pass and an expired link, with a clear message', async () => {
    const first = await apply(child);
    const second = await apply(child, { date: dayAfter(2) });
    const link = await linkFor(guardian.email, first._id);
    const forged = `${link.token.split('.')[0]}.${'A'.repeat(43)}`;
    const bad = await inject('POST', '/api/guardian/consent-link', undefined, {
      pass: first._id,
      token: forged,
      answer: 'consent',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(CONSENT_MESSAGES.badLink);
    const moved = await inject('POST', '/api/guardian/consent-link', undefined, {
      pass: second._id,
      token: link.token,
      answer: 'consent',
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json<{ message: string }>().message).toBe(CONSENT_MESSAGES.otherPass);
    // Today at 09:00 has started (the campus's clock reads 10:00): its link expired then.
    const started = await apply(child, { date: TODAY, time: '09:00' });
    const old = await linkFor(guardian.email, started._id);
    const expired = await inject(
      'GET',
      `/api/guardian/consent-link?pass=${old.pass}&token=${encodeURIComponent(old.token)}`,
    );
    expect(expired.statusCode).toBe(410);
    expect(expired.json<{ message: string }>().message).toBe(CONSENT_MESSAGES.expired);
    const malformed = await inject(
      'GET',
      `/api/guardian/consent-link?pass=${first._id}&token=nonsense-token`,
    );
    expect(malformed.statusCode).toBe(400);
    // Nothing of this moved the passes.
    expect(await passAsStudent(child, first._id)).toMatchObject({ waitingFor: 'guardian' });
  });

  it("another family's guardian cannot consent to the pass, in the portal or with their own link", async () => {
    const pass = await apply(child);
    const stranger = await login(t.app, otherGuardian.loginId);
    const asLinked = await inject(
      'POST',
      `/api/guardian/children/${child.rollNo}/gatepasses/${pass._id}/consent`,
      stranger,
      {
        answer: 'consent',
      },
    );
    expect(asLinked.statusCode).toBe(403);
    const own = await apply(otherChild);
    const viaOwnChild = await inject(
      'POST',
      `/api/guardian/children/${otherChild.rollNo}/gatepasses/${pass._id}/consent`,
      stranger,
      { answer: 'consent' },
    );
    expect(viaOwnChild.statusCode).toBe(404);
    const theirLink = await linkFor(otherGuardian.email, own._id);
    const borrowed = await inject('POST', '/api/guardian/consent-link', undefined, {
      pass: pass._id,
      token: theirLink.token,
      answer: 'consent',
    });
    expect(borrowed.statusCode).toBe(403);
    expect(await passAsStudent(child, pass._id)).toMatchObject({ waitingFor: 'guardian' });
  });
});
