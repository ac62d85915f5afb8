/**
 * Mails and push titles in the recipient's language (decision record 0090): a Hindi reader gets
 * Hindi subjects, bodies and titles; an English reader the very words the portal always wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PUSH_TITLES } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createGuardian,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';
import { startPushService, type PushServiceStandIn } from '../../../test/push-service';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { campusDay } from '../../lib/campus-day';
import { notifier } from '../notifications/notifier';
import { inEveryLanguage } from './words-guardian-alerts';

const PUBLIC_URL = 'https://portal.test.example';
const clock = testClock(Date.parse('2026-03-02T09:00:00.000Z'));
let smtp: SmtpSink;
let pushes: PushServiceStandIn;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  pushes = await startPushService();
  t = await createTestApp({
    now: clock.now,
    mail: { smtpUrl: smtp.url, from: 'Campus Portal <portal@test.example>', publicUrl: PUBLIC_URL },
    push: { allowTestEndpoints: true, subject: 'mailto:it@test.example' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await pushes.close();
});

const deliver = async () => {
  await t.app.mail.settled();
  await t.app.push.settled();
  while ((await t.app.mail.deliverDue()) > 0) {
    /* until nothing is due */
  }
  while ((await t.app.push.deliverDue()) > 0) {
    /* until nothing is due */
  }
};

/** A header as people read it: MIME encoded-words (RFC 2047) undone. */
const decoded = (header: string | undefined) =>
  (header ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, how: string, text: string) =>
      how.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );

/** A mail's text as people read it: nodemailer sends a mostly Devanagari text in base64. */
const textOf = (mail: ReceivedMail | undefined) =>
  mail && /base64/i.test(mail.headers.get('content-transfer-encoding') ?? '')
    ? Buffer.from(mail.text.replace(/\s+/g, ''), 'base64').toString('utf8')
    : (mail?.text ?? '');

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

/** A student who reads `language`, signed in, with their mentor. */
async function readerOf(language: 'en' | 'hi') {
  const group = `ML-${randomUUID().slice(0, 8)}`;
  const mentor = await createTeacher(t.handle.db, { groups: [group], name: 'Dr. Mehta' });
  const student = await createStudent(t.handle.db, { group });
  const token = await login(t.app, student.loginId);
  const set = await inject('PUT', '/api/profile/language', token, { language });
  expect(set.statusCode).toBe(200);
  return { student, token, mentor, mentorToken: await login(t.app, mentor.loginId) };
}

/** The student applies for leave, the mentor rejects it, and the student's device is subscribed. */
async function leaveRejected(reader: { student: StudentPerson; token: string; mentorToken: string }) {
  const device = pushes.subscription();
  const subscribed = await inject('POST', '/api/push/subscriptions', reader.token, {
    ...device.json,
    expirationTime: null,
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  const applied = await inject('POST', '/api/leave', reader.token, {
    from: '2026-03-10',
    to: '2026-03-11',
    reason: 'Family wedding',
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const id = applied.json<{ leave: { _id: string } }>().leave._id;
  const decided = await inject('PUT', `/api/leave/${id}/decision`, reader.mentorToken, {
    decision: 'rejected',
    rejectReason: 'Exams that week',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  await deliver();
  const titles = pushes.to(device).map((m) => JSON.parse(device.decrypt(m.body)) as { title: string });
  return { mails: smtp.to(reader.student.email), titles: titles.map((p) => p.title) };
}

describe('a leave decision', () => {
  it('is mailed and pushed to a Hindi reader in Hindi', async () => {
    const { mails, titles } = await leaveRejected(await readerOf('hi'));
    expect(mails).toHaveLength(1);
    expect(decoded(mails[0]!.headers.get('subject'))).toMatch(
      /^10 मार्च 2026 से 11 मार्च 2026 तक की आपकी छुट्टी Dr. Mehta द्वारा अस्वीकृत कर दी गई है। कारण: Exams that week$/,
    );
    expect(textOf(mails[0])).toContain('नमस्ते');
    expect(textOf(mails[0])).toContain('यह ईमेल आपको क्यों मिला');
    expect(textOf(mails[0])).not.toMatch(/Hello|Why you got this|Your leave/);
    expect(titles).toEqual(['आपकी छुट्टी पर निर्णय हो गया है']);
  });

  it('is mailed and pushed to an English reader in the words it always had', async () => {
    const reader = await readerOf('en');
    const { mails, titles } = await leaveRejected(reader);
    const text = `Your leave from ${campusDay('2026-03-10')} to ${campusDay('2026-03-11')} was rejected by Dr. Mehta: Exams that week`;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers.get('subject')).toBe(text);
    expect(textOf(mails[0])).toContain(`Hello ${reader.student.name},\n\n${text}.`);
    expect(textOf(mails[0])).toContain('Why you got this: your Campus Portal account');
    expect(titles).toEqual([PUSH_TITLES['leave.decided']]);
  });
});

describe('a password reset link', () => {
  const resetMailOf = async (language: 'en' | 'hi') => {
    const { student } = await readerOf(language);
    const asked = await inject('POST', '/api/forgot-password', undefined, {
      userId: String(student.loginId),
    });
    expect(asked.statusCode).toBe(200);
    await deliver();
    const mails = smtp.to(student.email);
    expect(mails).toHaveLength(1);
    return { student, mail: mails[0]! };
  };

  it('is mailed to a Hindi reader in Hindi', async () => {
    const { student, mail } = await resetMailOf('hi');
    expect(decoded(mail.headers.get('subject'))).toBe('Campus Portal का नया पासवर्ड चुनें');
    expect(textOf(mail)).toContain(`नमस्ते ${student.name},`);
    expect(textOf(mail)).toContain(`Campus Portal यूज़र आईडी ${student.loginId} के लिए नया पासवर्ड`);
    expect(textOf(mail)).toMatch(/\/reset\?token=[\w-]+/);
    expect(textOf(mail)).not.toMatch(/Hello|Someone|ignore this mail/);
  });

  it('is mailed to an English reader word for word as before', async () => {
    const { student, mail } = await resetMailOf('en');
    expect(mail.headers.get('subject')).toBe('Choose a new Campus Portal password');
    expect(textOf(mail)).toContain(
      `Hello ${student.name},\n\nSomeone (we hope you) asked to choose a new password for Campus Portal User ID ${student.loginId}.\nOpen this link within 30 minutes to choose it; it works once:\n`,
    );
    expect(textOf(mail)).toContain('If you did not ask, ignore this mail: your password stays as it is.');
  });
});

describe('a new email address', () => {
  it('is confirmed in the person’s language, at the new address and the old', async () => {
    const { student, token } = await readerOf('hi');
    const newEmail = `new-${randomUUID().slice(0, 8)}@test.example`;
    const changed = await inject('PUT', '/api/profile/contact', token, { email: newEmail, phoneNo: null });
    expect(changed.statusCode, changed.body).toBe(200);
    await deliver();
    const [confirm] = smtp.to(newEmail);
    const [notice] = smtp.to(student.email);
    expect(decoded(confirm?.headers.get('subject'))).toBe('Campus Portal के लिए अपने नए ईमेल पते की पुष्टि करें');
    expect(textOf(confirm)).toContain(`आपने Campus Portal यूज़र आईडी ${student.loginId} के लिए यह पता`);
    expect(decoded(notice?.headers.get('subject'))).toBe('आपका Campus Portal ईमेल पता बदला जा रहा है');
  });
});

describe('a gate pass request', () => {
  it("is mailed to each of the student's mentors in that mentor's language", async () => {
    const { student, token, mentor } = await readerOf('en');
    const hindiMentor = await createTeacher(t.handle.db, { groups: [student.group], name: 'Dr. Rao' });
    const asHindiMentor = await login(t.app, hindiMentor.loginId);
    const chosen = await inject('PUT', '/api/profile/language', asHindiMentor, { language: 'hi' });
    expect(chosen.statusCode).toBe(200);
    const applied = await inject('POST', '/api/submit-gatepass', token, {
      date: '2031-03-03',
      time: '10:00',
      reason: 'Family visit',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    await deliver();
    const [english] = smtp.to(mentor.email);
    expect(english?.headers.get('subject')).toBe(`New gate pass request from ${student.name}`);
    const [hindi] = smtp.to(hindiMentor.email);
    expect(decoded(hindi?.headers.get('subject'))).toBe(`${student.name} से नया गेट पास अनुरोध`);
    expect(textOf(hindi)).toContain('नमस्ते Dr. Rao,');
  });
});

describe('a course risk alert', () => {
  it('reaches a Hindi student and their Hindi guardian in Hindi, and the recorded contact in English', async () => {
    const { student } = await readerOf('hi');
    await t.handle.db
      .updateTable('students')
      .set({ guardian_name: 'Mr. Kumar', guardian_email: 'recorded-contact@test.example' })
      .where('roll_no', '=', student.rollNo)
      .execute();
    const guardian = await createGuardian(t.handle.db, [student.rollNo]);
    const asGuardian = await login(t.app, guardian.loginId);
    expect((await inject('PUT', '/api/profile/language', asGuardian, { language: 'hi' })).statusCode).toBe(
      200,
    );
    const notify = notifier(t.handle.db, t.handle.live, t.app.log, t.app.mail);
    const english = 'DBMS: 75 % in DBMS can no longer be reached.';
    const hindi = 'DBMS: DBMS में 75 % तक अब नहीं पहुँचा जा सकता';
    await notify.courseRisk(student.group, [
      { rollNo: student.rollNo, text: english, texts: { en: english, hi: hindi } },
    ]);
    await deliver();

    const [toStudent] = smtp.to(student.email);
    expect(decoded(toStudent?.headers.get('subject'))).toBe(hindi);
    const [toGuardian] = smtp.to(guardian.email);
    expect(decoded(toGuardian?.headers.get('subject'))).toBe(`${student.name} की उपस्थिति 75% से कम है`);
    expect(textOf(toGuardian)).toContain(`प्रिय ${guardian.name},`);
    expect(textOf(toGuardian)).toContain(`${student.name} की उपस्थिति 75% से कम है। ${hindi}`);
    expect(textOf(toGuardian)).not.toMatch(/Dear|Why you got this|can no longer/);
    const [toContact] = smtp.to('recorded-contact@test.example');
    expect(toContact?.headers.get('subject')).toBe(`${student.name}'s attendance is below 75%`);
    expect(textOf(toContact)).toContain(
      `Dear Mr. Kumar,\n\n${student.name}'s attendance is below 75%. ${english}`,
    );
  });
});

describe("a guardian's mails", () => {
  async function hindiGuardian() {
    const student = await createStudent(t.handle.db, { name: 'Asha Verma' });
    const guardian = await createGuardian(t.handle.db, [student.rollNo]);
    const token = await login(t.app, guardian.loginId);
    expect((await inject('PUT', '/api/profile/language', token, { language: 'hi' })).statusCode).toBe(200);
    return { student, guardian };
  }

  it('bring the news of the gate in Hindi to a guardian who reads Hindi', async () => {
    const { student, guardian } = await hindiGuardian();
    const details = inEveryLanguage((words) => words.exited(student.name, '2026-03-02', '18:00'));
    expect(await t.app.mail.notifyGuardian(student.rollNo, 'gateExit', details)).toBe(true);
    await deliver();
    const [mail] = smtp.to(guardian.email);
    expect(decoded(mail?.headers.get('subject'))).toBe('Asha Verma कैंपस से बाहर गए');
    expect(textOf(mail)).toContain(
      'Asha Verma कैंपस से बाहर गए। Asha Verma 2026-03-02 के गेट पास पर कैंपस से बाहर गए, 18:00 तक लौटना है।',
    );
    expect(textOf(mail)).not.toMatch(/Dear|left the campus|Why you got this/);
  });

  it('bring a sign-in code in Hindi to a guardian who reads Hindi', async () => {
    const { guardian } = await hindiGuardian();
    const asked = await inject('POST', '/api/guardian/code', undefined, { email: guardian.email });
    expect(asked.statusCode).toBe(200);
    await deliver();
    const [mail] = smtp.to(guardian.email);
    expect(decoded(mail?.headers.get('subject'))).toMatch(/^\d{6} आपका Campus Portal साइन-इन कोड है$/);
    expect(textOf(mail)).toContain(`नमस्ते ${guardian.name},`);
    expect(textOf(mail)).toContain(`आपकी अभिभावक यूज़र आईडी ${guardian.loginId} है।`);
    expect(textOf(mail)).not.toMatch(/Hello|Your sign-in code/);
  });
});
