/**
 * Email through a real SMTP server on loopback (decision record 0034): what arrives, per-kind
 * settings, one-click unsubscribe, the digest, the queue's leases and retries, guardians, and the
 * forgotten password's reset link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createGuard,
  createStudent,
  createTeacher,
  login,
  PASSWORD,
} from '../../../test/fixtures';
import { randomUUID } from 'node:crypto';
import { newId } from '../../lib/ids';
import { newGateCode } from '../gate/repository';
import { sweepOverdue } from '../gate/routes';
import { notifier } from '../notifications/notifier';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { mailQueue } from './queue';

const PUBLIC_URL = 'https://portal.test.example';
// 17:00 UTC: after the hour the digests go out.
const clock = testClock(Date.parse('2026-03-02T17:00:00.000Z'));
let smtp: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    now: clock.now,
    mail: {
      smtpUrl: smtp.url,
      from: 'Campus Portal <portal@test.example>',
      publicUrl: PUBLIC_URL,
      backoffMs: 60_000,
      maxAttempts: 5,
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const deliver = async () => {
  await t.app.mail.settled();
  let sent = 0;
  for (let n = await t.app.mail.deliverDue(); n > 0; n = await t.app.mail.deliverDue()) sent += n;
  return sent;
};

let supportCount = 0;
const supportMessage = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/support-add',
    payload: {
      name: `Visitor ${++supportCount}`,
      email: 'visitor@test.example',
      message: 'The page does not load',
    },
  });

/** Sets the signed-in person's email for some kinds. */
const setMail = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/mail/settings', headers: bearer(token), payload });

describe('mail at once, settings and unsubscribe', () => {
  it('sends a text mail that says why it came, with one-click unsubscribe headers', async () => {
    const admin = await createAdmin(t.handle.db);
    expect((await supportMessage()).statusCode).toBe(201);
    await deliver();
    const [mail, ...more] = smtp.to(admin.email);
    expect(more).toHaveLength(0);
    expect(mail!.headers.get('subject')).toMatch(/New support message from Visitor/);
    expect(mail!.headers.get('content-type')).toMatch(/text\/plain/);
    expect(mail!.text).toContain('Why you got this');
    expect(mail!.text).toContain(`${PUBLIC_URL}/admin/profile`);
    expect(mail!.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${PUBLIC_URL.replace(/\./g, '\\.')}/api/mail/unsubscribe\\?token=[\\w.-]+>$`),
    );
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.get('message-id')).toMatch(/^<[\w-]+@portal\.test\.example>$/);
  });

  it('turns the kind off for that person on the one-click POST; a GET only asks', async () => {
    const admin = await createAdmin(t.handle.db);
    expect((await supportMessage()).statusCode).toBe(201);
    await deliver();
    const link = /<([^>]+)>/.exec(smtp.to(admin.email)[0]!.headers.get('list-unsubscribe')!)![1]!;
    const path = link.slice(PUBLIC_URL.length);
    const ask = await t.app.inject({ url: path });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('<form method="post"');
    const token = await login(t.app, admin.loginId);
    const before = await t.app.inject({ url: '/api/mail/settings', headers: bearer(token) });
    expect(before.json()).toMatchObject({
      emailEnabled: true,
      kinds: ['supportMessages'],
      modes: { supportMessages: 'now' },
    });

    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/mail/settings', headers: bearer(token) });
    expect(after.json()).toMatchObject({ modes: { supportMessages: 'off' } });
    expect((await supportMessage()).statusCode).toBe(201);
    await deliver();
    expect(smtp.to(admin.email)).toHaveLength(1);
  });

  it("mails a mentor a mentee's gate pass request, written with the pass", async () => {
    const group = `M-${randomUUID().slice(0, 8)}`;
    const mentor = await createTeacher(t.handle.db, { groups: [group] });
    const student = await createStudent(t.handle.db, { group });
    const set = await setMail(await login(t.app, mentor.loginId), { menteeRequests: 'now' });
    expect(set.statusCode).toBe(200);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/submit-gatepass',
      headers: bearer(await login(t.app, student.loginId)),
      payload: { date: '2031-03-05', time: '10:00', reason: 'Dentist' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    await deliver();
    const [mail, ...more] = smtp.to(mentor.email);
    expect(more).toHaveLength(0);
    expect(mail!.headers.get('subject')).toContain(`New gate pass request from ${student.name}`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/teacher/gatepass`);
  });

  it('refuses a forged or altered unsubscribe token', async () => {
    for (const token of ['abc', 'YQ.abc', 'a.b.c']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?token=${token}` });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/not valid/);
    }
  });

  it('sends nothing for a kind set off, and keeps other people’s settings', async () => {
    const quiet = await createAdmin(t.handle.db);
    const loud = await createAdmin(t.handle.db);
    const token = await login(t.app, quiet.loginId);
    const put = await setMail(token, { supportMessages: 'off' });
    expect(put.json()).toMatchObject({ modes: { supportMessages: 'off' } });
    const bad = await setMail(token, { supportMessages: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/supportMessages/);
    expect((await supportMessage()).statusCode).toBe(201);
    await deliver();
    expect(smtp.to(quiet.email)).toHaveLength(0);
    expect(smtp.to(loud.email)).toHaveLength(1);
  });
});

describe('daily digest', () => {
  it('gathers a day’s notices into one mail, once a day per person', async () => {
    const teacher = await createTeacher(t.handle.db, { groups: ['D-1'] });
    const student = await createStudent(t.handle.db, { group: 'D-1' });
    const teacherToken = await login(t.app, teacher.loginId);
    for (const heading of ['Lab moved to room 4', 'Bring your ID cards']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-notice',
        headers: bearer(teacherToken),
        payload: { type: 'mentorNotice', data: { heading, description: 'Details inside' } },
      });
      expect(res.statusCode).toBe(201);
    }
    await deliver();
    expect(smtp.to(student.email)).toHaveLength(0);

    // Two instances run the digest job: one mail.
    expect(await t.app.mail.runDigests()).toBeGreaterThanOrEqual(1);
    await t.app.mail.runDigests();
    await deliver();
    const digests = smtp.to(student.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.headers.get('subject')).toBe('Your Campus Portal digest: 2 new items');
    expect(digests[0]!.text).toContain('Notices for me:');
    expect(digests[0]!.text.match(/New mentor notice/g)).toHaveLength(2);
    expect(digests[0]!.text).toContain('daily digest');
  });
});

describe('the queue', () => {
  const secondWorker = () =>
    mailQueue(t.handle.db, {
      smtpUrl: smtp.url,
      from: 'portal@test.example',
      host: 'portal.test.example',
      leaseMs: 5 * 60_000,
      maxAttempts: 5,
      backoffMs: 60_000,
      now: clock.now,
    });
  const first = () => t.app.mail.queue!;
  const queueMails = async (n: number, to: string) => {
    for (let i = 0; i < n; i += 1) {
      await first().enqueue({
        to,
        subject: `Mail ${i}`,
        text: `Body ${i}`,
        kind: 'test',
        unsubscribeUrl: null,
      });
    }
  };

  it('sends a mail once after the instance that took it stopped mid-send', async () => {
    const to = 'restart@test.example';
    await queueMails(1, to);
    const claimed = await first().claimDue();
    expect(claimed).toHaveLength(1);
    // The first instance "stops" here. The other cannot take the mail while the lease holds.
    const other = secondWorker();
    expect(await other.deliverDue()).toBe(0);
    clock.advance(5 * 60_000 + 1);
    expect(await other.deliverDue()).toBe(1);
    // The first instance coming back finds the mail no longer its own.
    expect(await first().sendClaimed(claimed[0]!)).toBe('lost');
    expect(smtp.to(to)).toHaveLength(1);
    other.close();
  });

  it('never lets two workers on one database send the same mail', async () => {
    const to = 'pair@test.example';
    await queueMails(12, to);
    const other = secondWorker();
    const [a, b] = await Promise.all([first().deliverDue(), other.deliverDue()]);
    expect(a + b).toBe(12);
    const arrived = smtp.to(to);
    expect(arrived).toHaveLength(12);
    expect(new Set(arrived.map((m) => m.headers.get('message-id'))).size).toBe(12);
    other.close();
  });

  it('tries again with a growing wait when the SMTP server refuses, then sends once', async () => {
    const to = 'retry@test.example';
    await queueMails(1, to);
    smtp.refuseNext(2);
    expect(await first().deliverDue()).toBe(0);
    expect(await first().deliverDue()).toBe(0); // not due yet
    clock.advance(60_000);
    expect(await first().deliverDue()).toBe(0); // refused again: now waits 2 minutes
    clock.advance(60_000);
    expect(await first().deliverDue()).toBe(0);
    clock.advance(60_000);
    expect(await first().deliverDue()).toBe(1);
    expect(smtp.to(to)).toHaveLength(1);
  });
});

describe('guardians', () => {
  it('are told once per fall below 75 %, not per mark', async () => {
    const teacher = await createTeacher(t.handle.db, { groups: ['G-guard'] });
    const student = await createStudent(t.handle.db, { group: 'G-guard', name: 'Ravi Kumar' });
    await t.handle.db
      .updateTable('students')
      .set({ guardian_name: 'Meena Kumar', guardian_email: 'meena@test.example' })
      .where('roll_no', '=', student.rollNo)
      .execute();
    const token = await login(t.app, teacher.loginId);
    let day = 1;
    const mark = async (status: 'Present' | 'Absent') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mark-attendance',
        headers: bearer(token),
        payload: {
          date: `2026-02-${String(day++).padStart(2, '0')}`,
          attendanceRecords: [{ studentId: student.rollNo, status }],
        },
      });
      expect(res.statusCode).toBe(200);
      await deliver();
      return smtp.to('meena@test.example').length;
    };
    expect(await mark('Present')).toBe(0); // 100 %
    expect(await mark('Absent')).toBe(1); // 50 %: fell below
    expect(await mark('Absent')).toBe(1); // 33 %: still below, no new mail
    for (let i = 0; i < 6; i += 1) await mark('Present'); // 7 of 9: 77.78 %, back above
    expect(smtp.to('meena@test.example')).toHaveLength(1);
    expect(await mark('Absent')).toBe(2); // 70 %: fell again
    const mail = smtp.to('meena@test.example')[0]!;
    expect(mail.headers.get('subject')).toBe("Ravi Kumar's attendance is below 75%");
    expect(mail.text).toContain('Dear Meena Kumar');
    expect(mail.text).toContain('Why you got this');
    expect(mail.text).toMatch(/an admin can change it/);
    expect(mail.headers.get('list-unsubscribe')).toContain('/api/mail/unsubscribe?token=');
  });

  it('come from the registrar’s CSV (optional columns) and the admin’s student form', async () => {
    const admin = await createAdmin(t.handle.db);
    const token = await login(t.app, admin.loginId);
    const csv =
      'RollNo,name,email,group,GuardianName,GuardianEmail\r\n' +
      '770001,Imported One,one@test.example,G-imp,Lata Rao,Lata.Rao@Test.Example\r\n' +
      '770002,Imported Two,two@test.example,G-imp,,\r\n';
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import/students',
      payload: csv,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/import/students/check',
      payload:
        'RollNo,name,email,group,GuardianEmail\r\n770003,Three,three@test.example,G-imp,not-an-address\r\n',
      headers: { ...bearer(token), 'content-type': 'text/csv' },
    });
    expect(bad.json<{ errors: { field: string }[] }>().errors[0]).toMatchObject({ field: 'GuardianEmail' });
    const one = await t.app.inject({ url: '/api/student-details/770001', headers: bearer(token) });
    expect(one.json()).toMatchObject({ guardianName: 'Lata Rao', guardianEmail: 'lata.rao@test.example' });

    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/students/770002',
      headers: bearer(token),
      payload: {
        name: 'Imported Two',
        email: 'two@test.example',
        group: 'G-imp',
        guardianName: 'Anil',
        guardianEmail: 'anil@test.example',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      changes: expect.arrayContaining([{ field: 'guardianEmail', from: null, to: 'anil@test.example' }]),
    });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/students/770002',
      headers: bearer(token),
      payload: { name: 'Imported Two', email: 'two@test.example', group: 'G-imp', guardianEmail: 'nope' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/guardianEmail/);
  });

  it('follow the campus setting an admin chooses', async () => {
    const admin = await createAdmin(t.handle.db);
    const token = await login(t.app, admin.loginId);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/mail/guardian-settings',
      headers: bearer(token),
      payload: { attendanceBelowWarning: false },
    });
    expect(off.json()).toEqual({ emailEnabled: true, attendanceBelowWarning: false, gatePass: true });
    const student = await createStudent(t.handle.db);
    await t.handle.db
      .updateTable('students')
      .set({ guardian_email: 'quiet-guardian@test.example' })
      .where('roll_no', '=', student.rollNo)
      .execute();
    expect(await t.app.mail.notifyGuardian(student.rollNo, 'attendanceBelowWarning', '')).toBe(false);
    expect(await t.app.mail.notifyGuardian(student.rollNo, 'gateExit', 'At 10:00.')).toBe(true);
    await t.app.inject({
      method: 'PUT',
      url: '/api/mail/guardian-settings',
      headers: bearer(token),
      payload: { attendanceBelowWarning: true },
    });
  });
});

describe('guardians at the gate', () => {
  it('are told when the student goes out and comes back, and when they are overdue', async () => {
    const mentor = await createTeacher(t.handle.db, { groups: ['G-gate'] });
    const student = await createStudent(t.handle.db, { group: 'G-gate', name: 'Kavya Nair' });
    const guard = await createGuard(t.handle.db);
    await t.handle.db
      .updateTable('students')
      .set({ guardian_name: 'Usha Nair', guardian_email: 'usha@test.example' })
      .where('roll_no', '=', student.rollNo)
      .execute();
    const guardToken = await login(t.app, guard.loginId);
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    // Approved passes for the test clock's day, written as a mentor's approval leaves them.
    const apply = async (returnBy: string) => {
      const id = newId();
      await t.handle.db
        .insertInto('gate_passes')
        .values({
          id,
          roll_no: student.rollNo,
          contact: '9000000000',
          date: today,
          time: '09:00',
          return_by: returnBy,
          reason: 'Family visit',
          status: 'approved',
          gate_code: newGateCode(),
          created_at: new Date(clock.now()).toISOString(),
          decided_by: mentor.accountId,
          decided_at: new Date(clock.now()).toISOString(),
        })
        .execute();
      return id;
    };
    // The guard confirms with the pass's code, as a move needs a scan (not a pass id alone).
    const move = async (direction: 'exit' | 'return', gatepassId: string) => {
      const { gate_code: code } = await t.handle.db
        .selectFrom('gate_passes')
        .select('gate_code')
        .where('id', '=', gatepassId)
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/gate/${direction}`,
        headers: bearer(guardToken),
        payload: { gatepassId, code },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    const first = await apply('23:30');
    await move('exit', first);
    await deliver();
    expect(smtp.to('usha@test.example').map((m) => m.text)).toEqual([
      expect.stringContaining('Kavya Nair left the campus'),
    ]);
    await move('return', first);
    await deliver();
    expect(smtp.to('usha@test.example')).toHaveLength(2);
    expect(smtp.to('usha@test.example')[1]!.text).toContain('Kavya Nair came back to the campus');

    // Out past the time to be back by: the overdue sweep tells the guardian once.
    const second = await apply('17:30');
    await move('exit', second);
    clock.advance(60 * 60_000);
    await sweepOverdue({
      db: t.handle.db,
      now: clock.now,
      notify: notifier(t.handle.db, t.handle.live, t.app.log, t.app.mail),
      mail: t.app.mail,
    });
    await sweepOverdue({
      db: t.handle.db,
      now: clock.now,
      notify: notifier(t.handle.db, t.handle.live, t.app.log, t.app.mail),
      mail: t.app.mail,
    });
    await deliver();
    const overdue = smtp.to('usha@test.example').filter((m) => m.text.includes('has not returned'));
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.text).toContain('Why you got this');
  });
});

describe('forgotten password', () => {
  const forgot = (userId: number | string) =>
    t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { userId: String(userId) } });
  const resetLink = async (email: string) => {
    await deliver();
    const mails = smtp.to(email);
    const text = mails[mails.length - 1]!.text;
    return /\/reset\?token=([\w-]+)/.exec(text)![1]!;
  };
  const reset = (token: string, newPassword = 'a brand new password') =>
    t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, newPassword } });

  it('answers alike for an account and for none, and the link works once', async () => {
    const student = await createStudent(t.handle.db);
    const oldSession = await login(t.app, student.loginId);
    const known = await forgot(student.loginId);
    const unknown = await forgot(987654321);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });

    const token = await resetLink(student.email);
    expect(smtp.to(student.email)[0]!.headers.get('list-unsubscribe')).toBeUndefined();
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(oldSession) })).statusCode).toBe(
      401,
    );
    await login(t.app, student.loginId, 'a brand new password');
    await expect(login(t.app, student.loginId, PASSWORD)).rejects.toThrow();
    const again = await reset(token, 'another new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: RESET_LINK_INVALID });

    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['kind', 'target'])
      .where('kind', '=', 'password.recovered')
      .execute();
    expect(audit).toContainEqual({ kind: 'password.recovered', target: String(student.loginId) });
  });

  it('refuses a link older than 30 minutes, and an unknown one', async () => {
    const student = await createStudent(t.handle.db);
    await forgot(student.loginId);
    const token = await resetLink(student.email);
    clock.advance(31 * 60_000);
    expect((await reset(token)).statusCode).toBe(400);
    expect((await reset('not-a-token')).statusCode).toBe(400);
  });

  it('is throttled per User ID like sign-in, whether or not the account exists', async () => {
    const student = await createStudent(t.handle.db);
    for (const userId of [student.loginId, 123456789]) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(userId)).statusCode).toBe(200);
      const fourth = await forgot(userId);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json<{ message: string }>().message).toMatch(/Too many requests for a reset link/);
    }
    clock.advance(16 * 60_000);
  });
});

describe('without email', () => {
  it('queues nothing, and says so in the settings and on a reset request', async () => {
    const plain = await createTestApp();
    try {
      const admin = await createAdmin(plain.handle.db);
      const token = await login(plain.app, admin.loginId);
      const settings = await plain.app.inject({ url: '/api/mail/settings', headers: bearer(token) });
      expect(settings.json()).toMatchObject({ emailEnabled: false });
      expect((await plain.app.inject({ url: '/api/mail/status' })).json()).toEqual({ emailEnabled: false });
      await plain.app.inject({
        method: 'POST',
        url: '/api/support-add',
        payload: { name: 'V', email: 'v@test.example', message: 'Hello' },
      });
      const queued = await plain.handle.db.selectFrom('mail_queue').select('id').execute();
      expect(queued).toHaveLength(0);
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { userId: '230001' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/ask an admin for a one-time password/);
    } finally {
      await plain.close();
    }
  });
});
