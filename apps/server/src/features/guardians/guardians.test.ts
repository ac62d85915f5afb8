/**
 * Guardians (decision record 0091): the office creates and links them; a guardian signs in with a
 * mailed code through a real SMTP server on loopback, or a password, and sees their own children
 * only. A guardian of child A never reads child B's records nor sees B in any list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUARDIAN_CODE_ANSWER,
  GUARDIAN_CODE_REFUSED,
  GUARDIAN_CODE_TRIES,
  GUARDIAN_ID_BASE,
  TOTAL_COUNT_HEADER,
} from '@campus/contract';
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
import { newId, nowIso } from '../../lib/ids';

const clock = testClock(Date.parse('2026-03-02T10:00:00.000Z'));
let server: MailTestApp;
let smtp: SmtpSink;
let t: TestApp;
let admin: Person;
let childA: StudentPerson;
let childB: StudentPerson;
let guardianOfA: Person;

beforeAll(async () => {
  server = await createMailTestApp({ now: clock.now });
  ({ t, smtp } = server);
  const db = t.handle.db;
  admin = await createAdmin(db);
  childA = await createStudent(db, { group: 'GA-1', name: 'Asha Child' });
  childB = await createStudent(db, { group: 'GA-1', name: 'Bilal Other' });
  guardianOfA = await createGuardian(db, [childA.rollNo]);
});
afterAll(() => server.close());

const inject: MailTestApp['inject'] = (...request) => server.inject(...request);
const deliver = () => server.deliver();
const codeIn = (address: string) => {
  const mails = smtp.to(address);
  const found = /(\d{6}) is your Campus Portal sign-in code/.exec(mails.at(-1)?.headers.get('subject') ?? '');
  return found?.[1];
};

describe('the office', () => {
  it('creates a guardian with a User ID and a one-time password, and refuses the same address twice', async () => {
    const token = await login(t.app, admin.loginId);
    const res = await inject('POST', '/api/guardians', token, {
      name: 'Meera Rao',
      email: 'Meera.Rao@Family.Example',
      phoneNo: '+91 98765 43210',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ guardian: { guardianId: number; email: string }; oneTimePassword: string }>();
    expect(body.guardian.guardianId).toBeGreaterThan(GUARDIAN_ID_BASE);
    expect(body.guardian.email).toBe('meera.rao@family.example');
    expect(body.oneTimePassword.length).toBeGreaterThan(8);

    const again = await inject('POST', '/api/guardians', token, {
      name: 'Someone Else',
      email: 'meera.rao@family.example',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/exists already/);

    // The one-time password signs in through the usual sign-in, with the User ID, and must be replaced.
    const signIn = await inject('POST', '/api/login', undefined, {
      userId: String(body.guardian.guardianId),
      password: body.oneTimePassword,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ role: 'guardian', mustChangePassword: true });
  });

  it('links and unlinks a guardian, lists guardians in pages and a student sees their own guardians', async () => {
    const token = await login(t.app, admin.loginId);
    const created = await inject('POST', '/api/guardians', token, {
      name: 'Zed Parent',
      email: 'zed@family.example',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ guardian: { guardianId: number } }>().guardian.guardianId;

    const linked = await inject('PUT', `/api/guardians/${id}/students/${childB.rollNo}`, token, {
      relation: 'Father',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<{ guardian: { children: unknown[] } }>().guardian.children).toEqual([
      { rollNo: childB.rollNo, name: childB.name, relation: 'Father' },
    ]);
    const log = await inject('GET', '/api/audit-log?kind=guardian.link&limit=100', token);
    expect(log.statusCode).toBe(200);
    expect(
      log.json<{ target: string; detail: string }[]>().find((e) => e.target === String(id)),
    ).toMatchObject({
      detail: `Linked to student ${childB.rollNo} as Father`,
    });
    const noStudent = await inject('PUT', `/api/guardians/${id}/students/999999`, token, {
      relation: 'Father',
    });
    expect(noStudent.statusCode).toBe(404);
    const badRelation = await inject('PUT', `/api/guardians/${id}/students/${childB.rollNo}`, token, {
      relation: '',
    });
    expect(badRelation.statusCode).toBe(400);

    const page = await inject('GET', '/api/guardians?limit=1&search=zed', token);
    expect(page.statusCode).toBe(200);
    expect(page.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    expect(page.json<{ name: string }[]>().map((g) => g.name)).toEqual(['Zed Parent']);

    const own = await inject(
      'GET',
      `/api/student-guardians/${childB.rollNo}`,
      await login(t.app, childB.loginId),
    );
    expect(own.statusCode).toBe(200);
    expect(own.json<{ name: string; relation: string }[]>()).toMatchObject([
      { name: 'Zed Parent', relation: 'Father' },
    ]);
    const other = await inject(
      'GET',
      `/api/student-guardians/${childB.rollNo}`,
      await login(t.app, childA.loginId),
    );
    expect(other.statusCode).toBe(403);

    const unlinked = await inject('DELETE', `/api/guardians/${id}/students/${childB.rollNo}`, token);
    expect(unlinked.statusCode).toBe(200);
    const twice = await inject('DELETE', `/api/guardians/${id}/students/${childB.rollNo}`, token);
    expect(twice.statusCode).toBe(404);
  });
});

describe('sign-in by a one-time code', () => {
  it('answers the same for unknown and known addresses, and mails a code that works once', async () => {
    const unknown = await inject('POST', '/api/guardian/code', undefined, {
      email: 'nobody@nowhere.example',
    });
    const known = await inject('POST', '/api/guardian/code', undefined, {
      email: guardianOfA.email.toUpperCase(),
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: GUARDIAN_CODE_ANSWER });
    expect(known.json()).toEqual(unknown.json());
    await deliver();
    expect(smtp.to('nobody@nowhere.example')).toHaveLength(0);
    const code = codeIn(guardianOfA.email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await inject('POST', '/api/guardian/sign-in', undefined, {
      email: guardianOfA.email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: GUARDIAN_CODE_REFUSED });

    const right = await inject('POST', '/api/guardian/sign-in', undefined, {
      email: guardianOfA.email,
      code,
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ role: 'guardian', message: 'Login successful' });
    expect(String(right.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const token = right.json<{ token: string }>().token;
    const me = await inject('GET', `/api/post-data-from-token/${token}`, token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ decoded: { role: 'guardian', name: guardianOfA.name } });

    const replay = await inject('POST', '/api/guardian/sign-in', undefined, {
      email: guardianOfA.email,
      code,
    });
    expect(replay.statusCode).toBe(401);
  });

  it('lets a guardian who signed in by code choose a password, soon after signing in only', async () => {
    const guardian = await createGuardian(t.handle.db, [childA.rollNo]);
    expect(
      (await inject('POST', '/api/guardian/code', undefined, { email: guardian.email })).statusCode,
    ).toBe(200);
    await deliver();
    const signedIn = await inject('POST', '/api/guardian/sign-in', undefined, {
      email: guardian.email,
      code: codeIn(guardian.email),
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ token: string }>().token;
    const short = await inject('PUT', '/api/guardian/password', token, { newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    const set = await inject('PUT', '/api/guardian/password', token, { newPassword: 'family-password-9' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ message: string }>().message).toContain(String(guardian.loginId));
    expect(await login(t.app, guardian.loginId, 'family-password-9')).toBeTruthy();

    // A session older than the window cannot choose one without the current password.
    const later = await login(t.app, guardian.loginId, 'family-password-9');
    await t.handle.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 60 * 60_000).toISOString() })
      .where('account_id', '=', guardian.accountId)
      .execute();
    const stale = await inject('PUT', '/api/guardian/password', later, {
      newPassword: 'another-password-10',
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json<{ message: string }>().message).toMatch(/new code/);
  });

  it('stops a code after five wrong tries and after ten minutes', async () => {
    const guardian = await createGuardian(t.handle.db, [childA.rollNo]);
    expect(
      (await inject('POST', '/api/guardian/code', undefined, { email: guardian.email })).statusCode,
    ).toBe(200);
    await deliver();
    const code = codeIn(guardian.email)!;
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < GUARDIAN_CODE_TRIES; i++) {
      const res = await inject('POST', '/api/guardian/sign-in', undefined, {
        email: guardian.email,
        code: wrongCode,
      });
      expect(res.statusCode).toBe(401);
    }
    const late = await inject('POST', '/api/guardian/sign-in', undefined, { email: guardian.email, code });
    expect(late.statusCode).toBe(401);

    const other = await createGuardian(t.handle.db, [childA.rollNo]);
    expect((await inject('POST', '/api/guardian/code', undefined, { email: other.email })).statusCode).toBe(
      200,
    );
    await deliver();
    const second = codeIn(other.email)!;
    clock.advance(10 * 60_000 + 1000);
    const expired = await inject('POST', '/api/guardian/sign-in', undefined, {
      email: other.email,
      code: second,
    });
    expect(expired.statusCode).toBe(401);
  });

  it('limits the codes asked for one address, and refuses a malformed code with a message', async () => {
    const email = 'limited@family.example';
    for (let i = 0; i < 3; i++) {
      expect((await inject('POST', '/api/guardian/code', undefined, { email })).statusCode).toBe(200);
    }
    const over = await inject('POST', '/api/guardian/code', undefined, { email });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/Too many/);
    const malformed = await inject('POST', '/api/guardian/sign-in', undefined, { email, code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    const notAnAddress = await inject('POST', '/api/guardian/code', undefined, { email: 'not-an-address' });
    expect(notAnAddress.statusCode).toBe(400);
  });
});

describe("a guardian's mails", () => {
  it('tells each linked guardian of a gate exit, once per address, and not the guardian of another child', async () => {
    const other = await createGuardian(t.handle.db, [childB.rollNo]);
    expect(await t.app.mail.notifyGuardian(childA.rollNo, 'gateExit', 'The gate recorded it at 10:00.')).toBe(
      true,
    );
    await deliver();
    const mails = smtp
      .to(guardianOfA.email)
      .filter((m) => m.headers.get('subject')?.includes('left the campus'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Dear ${guardianOfA.name},`);
    expect(smtp.to(other.email)).toHaveLength(0);
  });
});

describe('what a guardian sees', () => {
  it("lists their children with today's state and shows one child's records", async () => {
    const db = t.handle.db;
    // Child A went out on a gate pass at 10:00 UTC today.
    const exited = new Date(clock.now()).toISOString();
    await db
      .insertInto('gate_passes')
      .values({
        id: newId(),
        roll_no: childA.rollNo,
        contact: '9876543210',
        date: exited.slice(0, 10),
        time: '10:00',
        reason: 'Dentist appointment',
        status: 'approved',
        created_at: nowIso(),
        decided_by: null,
        decided_at: nowIso(),
        exited_at: exited,
      })
      .execute();
    const token = await login(t.app, guardianOfA.loginId);
    const list = await inject('GET', '/api/guardian/children', token);
    expect(list.statusCode).toBe(200);
    const children = list.json<{ rollNo: number; today: { state: string; since?: string } }[]>();
    expect(children.map((c) => c.rollNo)).toEqual([childA.rollNo]);
    expect(children[0]!.today).toMatchObject({ state: 'out', since: exited.slice(11, 16) });

    const detail = await inject('GET', `/api/guardian/children/${childA.rollNo}`, token);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json<{
      name: string;
      passes: { reason: string; exitedAt: string }[];
      attendance: unknown;
    }>();
    expect(body.name).toBe(childA.name);
    expect(body.passes).toMatchObject([{ reason: 'Dentist appointment', exitedAt: exited }]);
    expect(body.attendance).toMatchObject({ rollNo: childA.rollNo });
  });

  it('reports an absence as a leave application the mentor decides, for their own child only', async () => {
    const db = t.handle.db;
    const mentor = await createTeacher(db, { groups: ['GA-1'] });
    const token = await login(t.app, guardianOfA.loginId);
    const day = new Date(clock.now() + 86_400_000).toISOString().slice(0, 10);
    const reported = await inject('POST', `/api/guardian/children/${childA.rollNo}/absence`, token, {
      from: day,
      to: day,
      reason: 'Fever',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const leaveId = reported.json<{ leave: { id: string; status: string } }>().leave.id;
    expect(reported.json<{ leave: { status: string } }>().leave.status).toBe('pending');

    const again = await inject('POST', `/api/guardian/children/${childA.rollNo}/absence`, token, {
      from: day,
      to: day,
      reason: 'Fever',
    });
    expect(again.statusCode).toBe(409);
    const backwards = await inject('POST', `/api/guardian/children/${childA.rollNo}/absence`, token, {
      from: day,
      to: '2020-01-01',
      reason: 'Fever',
    });
    expect(backwards.statusCode).toBe(400);
    const notMine = await inject('POST', `/api/guardian/children/${childB.rollNo}/absence`, token, {
      from: day,
      to: day,
      reason: 'Fever',
    });
    expect(notMine.statusCode).toBe(403);

    // The mentor sees it among the pending leave and decides it as any other.
    const asMentor = await login(t.app, mentor.loginId);
    const pending = await inject('GET', '/api/leave?status=pending', asMentor);
    expect(pending.statusCode).toBe(200);
    const found = pending.json<{ _id: string; reason: string }[]>().find((l) => l._id === leaveId);
    expect(found?.reason).toBe(`Reported by ${guardianOfA.name} (Mother): Fever`);
    const decided = await inject('PUT', `/api/leave/${leaveId}/decision`, asMentor, { decision: 'approved' });
    expect(decided.statusCode, decided.body).toBe(200);
    const detail = await inject('GET', `/api/guardian/children/${childA.rollNo}`, token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ leave: { id: string; status: string }[] }>().leave).toContainEqual(
      expect.objectContaining({ id: leaveId, status: 'approved' }),
    );
  });

  it("never shows another family's child: their records are refused and no list names them", async () => {
    const token = await login(t.app, guardianOfA.loginId);
    const b = childB.rollNo;
    const refused = [
      `/api/guardian/children/${b}`,
      `/api/attendance/${b}`,
      `/api/attendance-courses/${b}`,
      `/api/gatepasses/pending/${b}`,
      `/api/performance/${b}`,
      `/api/marks/${b}`,
      `/api/student-details/${b}`,
      `/api/student-guardians/${b}`,
      '/api/leave',
      '/api/students',
      '/api/manage-students',
      '/api/students-performance',
      '/api/gate/movements',
      '/api/notices/search?q=a',
      '/api/export/students.csv',
      '/api/guardians',
    ];
    for (const url of refused) {
      const res = await inject('GET', url, token);
      expect(res.statusCode, url).toBe(403);
    }
    const list = await inject('GET', '/api/guardian/children', token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(String(b));
    expect(list.body).not.toContain(childB.name);

    // A teacher is no guardian: the guardian routes are refused to every other role.
    const teacher = await createTeacher(t.handle.db, { groups: ['GA-1'] });
    const asTeacher = await inject('GET', '/api/guardian/children', await login(t.app, teacher.loginId));
    expect(asTeacher.statusCode).toBe(403);
  });

  it("names the campus's time zone with a child's records, as the term settings are not theirs to read", async () => {
    const token = await login(t.app, guardianOfA.loginId);
    const asAdmin = await login(t.app, admin.loginId);
    const setZone = async (timeZone: string) => {
      const res = await inject('PUT', '/api/timetable-settings', asAdmin, { timeZone });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect((await inject('GET', '/api/timetable-settings', token)).statusCode).toBe(403);
    await setZone('Asia/Kolkata');
    try {
      const detail = await inject('GET', `/api/guardian/children/${childA.rollNo}`, token);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json<{ timeZone: string }>().timeZone).toBe('Asia/Kolkata');
    } finally {
      await setZone('UTC');
    }
  });
});
