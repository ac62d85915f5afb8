/**
 * A person's language (decision record 0090): kept with the account, and the language the server
 * writes that person's gate pass decision and its mail in. The API's messages stay English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bearer, createStudent, createTeacher, login } from '../../../test/fixtures';
import { createMailTestApp, TEST_PUBLIC_URL } from '../../../test/mail-app';

let env: Awaited<ReturnType<typeof createMailTestApp>>;
beforeAll(async () => {
  env = await createMailTestApp();
});
afterAll(async () => {
  await env.close();
});

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

const setLanguage = (token: string, language: unknown) =>
  env.t.app.inject({
    method: 'PUT',
    url: '/api/profile/language',
    headers: bearer(token),
    payload: { language },
  });

async function approvedPassOf(language: 'en' | 'hi') {
  const group = `L-${randomUUID().slice(0, 8)}`;
  const teacher = await createTeacher(env.t.handle.db, { groups: [group], name: 'Asha Rao' });
  const student = await createStudent(env.t.handle.db, { group });
  const token = await login(env.t.app, student.loginId);
  const set = await setLanguage(token, language);
  expect(set.statusCode).toBe(200);
  const applied = await env.t.app.inject({
    method: 'POST',
    url: '/api/submit-gatepass',
    headers: bearer(token),
    payload: { date: '2031-12-05', time: '10:00', reason: 'Dentist' },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const pass = applied.json<{ gatepass: { _id: string } }>().gatepass;
  const decided = await env.t.app.inject({
    method: 'PUT',
    url: '/api/gatepasses/update-status',
    headers: bearer(await login(env.t.app, teacher.loginId)),
    payload: { gatepassId: pass._id, approvedStatus: 'approved' },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  await env.deliver();
  const notes = await env.t.handle.db
    .selectFrom('notifications')
    .select('text')
    .where('account_id', '=', student.accountId)
    .where('kind', '=', 'gatepass.decided')
    .execute();
  return { student, token, notes: notes.map((n) => n.text), mails: env.smtp.to(student.email) };
}

describe('a person’s language', () => {
  it('is English until the person chooses, and kept with the account', async () => {
    const student = await createStudent(env.t.handle.db, {});
    const token = await login(env.t.app, student.loginId);
    const before = await env.t.app.inject({ url: '/api/profile/language', headers: bearer(token) });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ language: 'en' });
    const set = await setLanguage(token, 'hi');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ language: 'hi' });
    const after = await env.t.app.inject({ url: '/api/profile/language', headers: bearer(token) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ language: 'hi' });
  });

  it('refuses a language the portal does not have, in English', async () => {
    const student = await createStudent(env.t.handle.db, {});
    const res = await setLanguage(await login(env.t.app, student.loginId), 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Language must be one of: en, hi');
  });

  it('writes a Hindi reader’s pass approval and its mail in Hindi', async () => {
    const { notes, mails } = await approvedPassOf('hi');
    expect(notes).toEqual([expect.stringMatching(/^5 दिस॰? 2031 के लिए आपका गेट पास Asha Rao द्वारा स्वीकृत/)]);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(decoded(mail.headers.get('subject'))).toBe(notes[0]);
    expect(mail.text).toContain('नमस्ते');
    expect(mail.text).toContain(`Campus Portal में देखें: ${TEST_PUBLIC_URL}/student/gatepass`);
    expect(mail.text).toContain('यह ईमेल आपको क्यों मिला');
    expect(mail.text).not.toContain('Why you got this');
  });

  it('writes an English reader’s pass approval and its mail in English, as before', async () => {
    const { student, notes, mails } = await approvedPassOf('en');
    expect(notes).toEqual(['Your gate pass for 5 Dec 2031 was approved by Asha Rao']);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers.get('subject')).toBe('Your gate pass for 5 Dec 2031 was approved by Asha Rao');
    expect(mails[0]!.text).toContain(`Hello ${student.name},`);
    expect(mails[0]!.text).toContain('Why you got this: your Campus Portal account');
  });
});
