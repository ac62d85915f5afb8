/**
 * A student cannot point their mail at anyone: a new address is used once a link sent to it is
 * opened, and the old address is told (decision record 0075).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_INVALID, emailPendingMessage } from '@campus/contract';
import type { TestApp } from '../../../test/app';
import { bearer, createStudent, login } from '../../../test/fixtures';
import { createMailTestApp } from '../../../test/mail-app';
import type { SmtpSink } from '../../../test/smtp-sink';

let mailApp: Awaited<ReturnType<typeof createMailTestApp>>;
let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  mailApp = await createMailTestApp();
  ({ t, smtp } = mailApp);
});
afterAll(() => mailApp.close());

const deliver = () => mailApp.deliver();
const emailOf = async (rollNo: number, token: string) => {
  const res = await t.app.inject({ url: `/api/student-details/${rollNo}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ email: string }>().email;
};
const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });

describe("changing one's own email", () => {
  it('keeps the old address until the link mailed to the new one is opened, and tells the old one', async () => {
    const student = await createStudent(t.handle.db);
    const token = await login(t.app, student.loginId);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/contact',
      headers: bearer(token),
      payload: { email: 'attacker@elsewhere.example', phoneNo: '9123456780' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: emailPendingMessage('attacker@elsewhere.example'),
      email: student.email,
      phoneNo: '9123456780',
      pendingEmail: 'attacker@elsewhere.example',
    });
    expect(await emailOf(student.rollNo, token)).toBe(student.email);

    await deliver();
    const [told] = smtp.to(student.email);
    expect(told!.headers.get('subject')).toBe('Your Campus Portal email address is being changed');
    expect(told!.text).toContain('a****@elsewhere.example');
    expect(told!.text).not.toContain('attacker@');
    const link = /\/verify-email\?token=([\w-]+)/.exec(smtp.to('attacker@elsewhere.example')[0]!.text)?.[1];
    expect(link).toBeDefined();

    // Until then a reset link goes to the old address.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { userId: String(student.loginId) },
    });
    expect(forgot.statusCode).toBe(200);
    await deliver();
    expect(smtp.to('attacker@elsewhere.example').some((m) => m.text.includes('/reset?token='))).toBe(false);
    expect(smtp.to(student.email).some((m) => m.text.includes('/reset?token='))).toBe(true);

    const confirmed = await verify(link!);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your email address is now attacker@elsewhere.example.' });
    expect(await emailOf(student.rollNo, token)).toBe('attacker@elsewhere.example');
    const again = await verify(link!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: EMAIL_LINK_INVALID });
  });

  it('confirms only the newest address asked for, and refuses a made-up token', async () => {
    const student = await createStudent(t.handle.db);
    const token = await login(t.app, student.loginId);
    const ask = (email: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile/contact',
        headers: bearer(token),
        payload: { email, phoneNo: null },
      });
    expect((await ask('first@new.example')).statusCode).toBe(200);
    expect((await ask('second@new.example')).statusCode).toBe(200);
    await deliver();
    const first = /token=([\w-]+)/.exec(smtp.to('first@new.example')[0]!.text)![1]!;
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify('not-a-token')).statusCode).toBe(400);
    expect(await emailOf(student.rollNo, token)).toBe(student.email);
    // Its own address again, in another case: nothing to confirm.
    const same = await ask(student.email.toUpperCase());
    expect(same.statusCode).toBe(200);
    expect(same.json()).not.toHaveProperty('pendingEmail');
  });
});
