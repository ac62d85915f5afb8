/**
 * Single sign-on against a real OpenID Connect provider run in the test (decision record 0086): the
 * whole flow over HTTP, and each way it is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, SSO_REFUSALS, USE_UNIVERSITY_SIGN_IN } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createGuard,
  createStudent,
  createTeacher,
  PASSWORD,
  SAME_ORIGIN,
  type Person,
} from '../../../test/fixtures';
import {
  CookieJar,
  signInAtProvider,
  startOidcProvider,
  type TestProvider,
} from '../../../test/oidc-provider';
import { resolveSsoConfig, type SsoConfig } from './config';
import { SSO_COOKIE } from './routes';

const PORTAL = 'http://portal.test';
const REDIRECT_URI = `${PORTAL}/api/auth/sso/callback`;
const LABEL = 'Sign in with Example University';

let provider: TestProvider;
let t: TestApp;
const clock = testClock();
const breakGlass: number[] = [];
let student: Person;
let teacher: Person;
let admin: Person;
let breakGlassAdmin: Person;
let guard: Person;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [`${PORTAL}/`],
  });
  const sso: SsoConfig = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUri: REDIRECT_URI,
    postLogoutRedirectUri: `${PORTAL}/`,
    scopes: 'openid email profile',
    userClaim: 'email',
    matchBy: 'email',
    roles: ['student', 'teacher', 'admin'],
    label: LABEL,
    rpLogout: true,
    passwordOffRoles: ['student', 'teacher', 'admin'],
    breakGlass,
    allowHttp: true,
  };
  t = await createTestApp({ sso, now: clock.now });
  student = await createStudent(t.handle.db);
  teacher = await createTeacher(t.handle.db);
  admin = await createAdmin(t.handle.db);
  breakGlassAdmin = await createAdmin(t.handle.db);
  breakGlass.push(breakGlassAdmin.loginId);
  guard = await createGuard(t.handle.db);
});

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let subjects = 0;
/** An account at the provider with this email; returns its subject. */
function providerAccount(email: string): string {
  const sub = `person-${++subjects}`;
  provider.addAccount({ sub, email, email_verified: true, name: `Person ${subjects}` });
  return sub;
}

/** Presses the button: the provider's URL and the portal's sign-in cookie. */
async function start(): Promise<{ url: URL; cookie: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso' });
  expect(res.statusCode).toBe(302);
  const jar = new CookieJar();
  jar.take(res.headers);
  const cookie = jar.get(SSO_COOKIE);
  expect(cookie).toBeTruthy();
  return { url: new URL(res.headers.location as string), cookie: `${SSO_COOKIE}=${cookie!}` };
}

/** The provider sends the browser back: the portal's answer to its callback. */
function callback(returned: URL, cookie: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: `${returned.pathname}${returned.search}`,
    headers: cookie ? { cookie } : {},
  });
}

async function signInAs(sub: string) {
  const { url, cookie } = await start();
  const returned = await signInAtProvider(url.href, sub);
  return { returned, cookie, res: await callback(returned, cookie) };
}

const sessionCookieOf = (headers: Record<string, unknown>) => {
  const jar = new CookieJar();
  jar.take(headers);
  return jar.get('campus_session');
};

describe('single sign-on', { timeout: 60_000 }, () => {
  it('says it is on, with the button’s text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, label: LABEL });
  });

  it('starts with PKCE, state and nonce, in a short-lived Lax cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    const line = String(res.headers['set-cookie']);
    expect(line).toMatch(/campus_sso=[\w-]{40,}/);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/api/auth/sso');
  });

  it('signs a student in with the same session as a password sign-in, audited, and signs out at the provider too', async () => {
    const sub = providerAccount(student.email.toUpperCase());
    const { res, returned, cookie } = await signInAs(sub);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?sso=done');
    const session = sessionCookieOf(res.headers);
    expect(session).toBeTruthy();
    expect(String(res.headers['set-cookie'])).toContain('SameSite=Strict');

    // The page takes the token of the session its cookie holds.
    const handed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/session',
      headers: { cookie: `campus_session=${session!}`, ...SAME_ORIGIN },
      payload: {},
    });
    expect(handed.statusCode).toBe(200);
    const { token, role } = handed.json<{ token: string; role: string }>();
    expect(role).toBe('student');
    const decoded = await t.app.inject({
      method: 'GET',
      url: `/api/post-data-from-token/${token}`,
      headers: bearer(token),
    });
    expect(decoded.statusCode).toBe(200);
    expect(decoded.json<{ decoded: { RollNo: number } }>().decoded.RollNo).toBe(student.loginId);

    const audited = await t.handle.db
      .selectFrom('audit_log')
      .select(['kind', 'detail', 'actor_login_id'])
      .where('actor_login_id', '=', student.loginId)
      .where('kind', '=', 'signin.success')
      .execute();
    expect(audited).toEqual([
      { kind: 'signin.success', detail: 'single sign-on', actor_login_id: student.loginId },
    ]);

    // The same answer again (a reused code, a replayed callback) signs nobody in.
    const again = await callback(returned, cookie);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/?sso=bad-state');
    expect(sessionCookieOf(again.headers)).toBeUndefined();

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const endSession = new URL(out.json<{ endSessionUrl: string }>().endSessionUrl);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get('client_id')).toBe(provider.clientId);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/`);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/post-data-from-token/${token}`,
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a callback whose state does not match, or with no sign-in cookie', async () => {
    const sub = providerAccount(teacher.email);
    const { url, cookie } = await start();
    const returned = await signInAtProvider(url.href, sub);
    const forged = new URL(returned);
    forged.searchParams.set('state', 'forged-state');
    const wrong = await callback(forged, cookie);
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toBe('/?sso=bad-state');
    expect(sessionCookieOf(wrong.headers)).toBeUndefined();

    const second = await start();
    const back = await signInAtProvider(second.url.href, sub);
    const noCookie = await callback(back, undefined);
    expect(noCookie.statusCode).toBe(302);
    expect(noCookie.headers.location).toBe('/?sso=bad-state');
    // Another browser's sign-in cookie does not fit this answer either.
    const other = await start();
    const crossed = await callback(back, other.cookie);
    expect(crossed.statusCode).toBe(302);
    expect(crossed.headers.location).toBe('/?sso=bad-state');
  });

  it('refuses an ID token with a wrong nonce, or with the nonce of another sign-in', async () => {
    const sub = providerAccount(teacher.email);
    const { url, cookie } = await start();
    const returned = await signInAtProvider(url.href, sub, new CookieJar(), (u) => {
      u.searchParams.set('nonce', 'a-nonce-of-the-attacker');
      return u;
    });
    const wrong = await callback(returned, cookie);
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toBe('/?sso=failed');
    expect(sessionCookieOf(wrong.headers)).toBeUndefined();

    const first = await start();
    const second = await start();
    const replayed = await signInAtProvider(second.url.href, sub, new CookieJar(), (u) => {
      u.searchParams.set('nonce', first.url.searchParams.get('nonce')!);
      return u;
    });
    const res = await callback(replayed, second.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?sso=failed');
  });

  it('refuses someone the provider knows but the portal does not, and audits it', async () => {
    const sub = providerAccount('nobody-here@elsewhere.example.edu');
    const { res } = await signInAs(sub);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?sso=unknown-user');
    expect(sessionCookieOf(res.headers)).toBeUndefined();
    const audited = await t.handle.db
      .selectFrom('audit_log')
      .select('detail')
      .where('kind', '=', 'signin.failure')
      .where('detail', '=', 'single sign-on: unknown-user')
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    expect(SSO_REFUSALS['unknown-user']).toMatch(/not linked/);
  });

  it('refuses an expired code, and a sign-in that took too long', async () => {
    const sub = providerAccount(teacher.email);
    const { url, cookie } = await start();
    const returned = await signInAtProvider(url.href, sub);
    provider.expireCodes();
    const expiredCode = await callback(returned, cookie);
    expect(expiredCode.statusCode).toBe(302);
    expect(expiredCode.headers.location).toBe('/?sso=failed');
    expect(sessionCookieOf(expiredCode.headers)).toBeUndefined();

    const slow = await start();
    const back = await signInAtProvider(slow.url.href, sub);
    clock.advance(11 * 60_000);
    const late = await callback(back, slow.cookie);
    expect(late.statusCode).toBe(302);
    expect(late.headers.location).toBe('/?sso=expired');
  });

  it('refuses a deactivated or erased account', async () => {
    const gone = await createStudent(t.handle.db);
    const erased = await createStudent(t.handle.db);
    const at = new Date().toISOString();
    await t.handle.db
      .updateTable('accounts')
      .set({ deactivated_at: at })
      .where('id', '=', gone.accountId)
      .execute();
    await t.handle.db
      .updateTable('accounts')
      .set({ deactivated_at: at, erased_at: at })
      .where('id', '=', erased.accountId)
      .execute();
    for (const person of [gone, erased]) {
      const { res } = await signInAs(providerAccount(person.email));
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?sso=deactivated');
      expect(sessionCookieOf(res.headers)).toBeUndefined();
    }
  });

  it('refuses a role that may not use single sign-on', async () => {
    const { res } = await signInAs(providerAccount(guard.email));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?sso=role-not-allowed');
    expect(sessionCookieOf(res.headers)).toBeUndefined();
  });

  it('says when the person cancelled at the provider', async () => {
    const { url, cookie } = await start();
    const answer = new URL(`${REDIRECT_URI}?error=access_denied&state=${url.searchParams.get('state')!}`);
    const res = await callback(answer, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?sso=cancelled');
  });

  it('refuses password sign-in for roles that use the university sign-in, but not a break-glass admin’s', async () => {
    const refused = USE_UNIVERSITY_SIGN_IN(LABEL);
    for (const person of [student, teacher, admin]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userId: String(person.loginId), password: PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(refused);
    }
    for (const person of [breakGlassAdmin, guard]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userId: String(person.loginId), password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ token: string }>().token).toBeTruthy();
    }
    // A password session signs out here only.
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userId: String(breakGlassAdmin.loginId), password: PASSWORD },
      })
    ).json<{ token: string }>().token;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out' });
  });
});

describe('single sign-on when the campus has none', () => {
  it('says it is off, and the button leads back to the sign-in page saying so', async () => {
    const off = await createTestApp();
    try {
      const status = await off.app.inject({ method: 'GET', url: '/api/auth/sso/status' });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ enabled: false, label: '' });
      const res = await off.app.inject({ method: 'GET', url: '/api/auth/sso' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?sso=not-configured');
    } finally {
      await off.close();
    }
  });
});

describe('single sign-on settings', () => {
  const base = {
    OIDC_SCOPES: 'openid email profile',
    OIDC_USER_CLAIM: 'email',
    OIDC_BUTTON_LABEL: LABEL,
    OIDC_LOGOUT: 'on' as const,
  };
  it('is off without an issuer, and refuses its other settings alone', () => {
    expect(resolveSsoConfig(base)).toBeUndefined();
    expect(() => resolveSsoConfig({ ...base, SSO_ONLY_ROLES: 'student' })).toThrow(/OIDC_ISSUER is not set/);
  });

  it('defaults the redirect URI from PUBLIC_URL and matches by the claim named', () => {
    const config = resolveSsoConfig({
      ...base,
      OIDC_ISSUER: 'https://login.example.edu/realms/campus',
      OIDC_CLIENT_ID: 'portal',
      OIDC_USER_CLAIM: 'preferred_username',
      PUBLIC_URL: 'https://portal.example.edu/',
    })!;
    expect(config.redirectUri).toBe('https://portal.example.edu/api/auth/sso/callback');
    expect(config.postLogoutRedirectUri).toBe('https://portal.example.edu/');
    expect(config.matchBy).toBe('user-id');
    expect(config.roles).toEqual([...ROLES]);
    expect(config.allowHttp).toBe(false);
  });

  it('names each problem: plain http elsewhere, no redirect, admins with no break-glass account', () => {
    const attempt = () =>
      resolveSsoConfig({
        ...base,
        OIDC_ISSUER: 'http://login.example.edu',
        OIDC_CLIENT_ID: 'portal',
        SSO_ONLY_ROLES: 'student,admin,dean',
      });
    expect(attempt).toThrow(/OIDC_ISSUER: must be https/);
    expect(attempt).toThrow(/OIDC_REDIRECT_URI: needed/);
    expect(attempt).toThrow(/SSO_BREAK_GLASS: needed when SSO_ONLY_ROLES includes admin/);
    expect(attempt).toThrow(/"dean" is not a role/);
  });
});

describe('forgot password for a role that signs in with the university only', () => {
  it('answers as for anyone, and makes no reset link for it', async () => {
    const app = await createTestApp({
      mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Campus Portal <portal@test.example>', publicUrl: PORTAL },
      sso: {
        ...resolveSsoConfig({
          OIDC_ISSUER: 'http://127.0.0.1:9',
          OIDC_CLIENT_ID: 'portal',
          OIDC_SCOPES: 'openid email',
          OIDC_USER_CLAIM: 'email',
          OIDC_BUTTON_LABEL: LABEL,
          OIDC_LOGOUT: 'on',
          SSO_ONLY_ROLES: 'student',
          PUBLIC_URL: PORTAL,
        })!,
      },
    });
    try {
      const ssoStudent = await createStudent(app.handle.db);
      const staff = await createTeacher(app.handle.db);
      const answers: string[] = [];
      for (const person of [ssoStudent, staff]) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { userId: String(person.loginId) },
        });
        expect(res.statusCode).toBe(200);
        answers.push(res.json<{ message: string }>().message);
      }
      expect(answers[0]).toBe(answers[1]);
      await app.app.mail.settled();
      const links = await app.handle.db.selectFrom('password_resets').select('account_id').execute();
      expect(links.map((l) => l.account_id)).toEqual([staff.accountId]);
    } finally {
      await app.close();
    }
  });
});
