import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUST_CHANGE_PASSWORD_MESSAGE } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, login } from '../../../test/fixtures';
import { routeCatalog } from '../../plugins/access';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

/** A student whose admin just reset their password: their User ID and one-time password. */
async function studentWithOneTimePassword() {
  const student = await createStudent(t.handle.db, { group: 'MC-1' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/students/${student.rollNo}/reset-password`,
    headers: bearer(adminToken),
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return { student, otp: res.json<{ oneTimePassword: string }>().oneTimePassword };
}

const ALLOWED = new Set([
  'GET /api/post-data-from-token/:token',
  'POST /api/change-password',
  'POST /api/logout',
  // The page takes the token of a single sign-on's session, to send its person to choose a password.
  'POST /api/auth/sso/session',
]);

describe('while a one-time password waits to be replaced', () => {
  it('signs in as usual plus mustChangePassword, and the decoded identity says so too', async () => {
    const { student, otp } = await studentWithOneTimePassword();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: String(student.loginId), password: otp },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      token: expect.any(String),
      role: 'student',
      message: 'Login successful',
      mustChangePassword: true,
    });
    const token = res.json<{ token: string }>().token;
    const decoded = await t.app.inject({ url: `/api/post-data-from-token/${token}`, headers: bearer(token) });
    expect(decoded.statusCode).toBe(200);
    expect(decoded.json().decoded).toMatchObject({
      role: 'student',
      RollNo: student.rollNo,
      mustChangePassword: true,
    });
  });

  it('answers 403 on every other signed-in route, and lets identity, change-password and logout through', async () => {
    const { student, otp } = await studentWithOneTimePassword();
    const token = await login(t.app, student.loginId, otp);
    const routes = routeCatalog(t.app).filter(
      (r) => r.access !== 'public' && r.access.includes('student') && !ALLOWED.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url
          .replace(':rollNo', String(student.rollNo))
          .replace(':status', 'pending')
          .replace(':id', '00000000-0000-4000-8000-000000000000'),
        headers: bearer(token),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403 || res.json().message !== MUST_CHANGE_PASSWORD_MESSAGE) {
        wrong.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses the one-time password as the new one, then clears the flag and stores argon2id', async () => {
    const { student, otp } = await studentWithOneTimePassword();
    const token = await login(t.app, student.loginId, otp);
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: bearer(token),
        payload: { currentPassword: otp, newPassword },
      });
    const same = await change(otp);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('The new password must differ from the current one');

    expect((await change('my own password 7')).statusCode).toBe(200);
    const stored = await t.handle.db
      .selectFrom('accounts')
      .select(['password_hash', 'must_change_password'])
      .where('login_id', '=', student.loginId)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.must_change_password).toBe(0);

    // The same session goes on, now everywhere.
    const own = await t.app.inject({ url: `/api/student-details/${student.rollNo}`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    const decoded = await t.app.inject({ url: `/api/post-data-from-token/${token}`, headers: bearer(token) });
    expect(decoded.json().decoded.mustChangePassword).toBeUndefined();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: String(student.loginId), password: 'my own password 7' },
    });
    expect(again.json().mustChangePassword).toBeUndefined();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { userId: String(student.loginId), password: otp },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lets the person sign out', async () => {
    const { student, otp } = await studentWithOneTimePassword();
    const token = await login(t.app, student.loginId, otp);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
  });
});
