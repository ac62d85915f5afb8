/** The session cookie: what a client that keeps no token (or sends it only sometimes) relies on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_HOURS } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  CROSS_SITE,
  createStudent,
  createTeacher,
  login,
  PASSWORD,
  SAME_ORIGIN,
  signInForCookie,
} from '../../../test/fixtures';

let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  behindProxy = await createTestApp({ trustProxy: true });
});
afterAll(async () => {
  await t.close();
  await behindProxy.close();
});

const loginRequest = (loginId: number, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userId: String(loginId), password: PASSWORD },
    headers,
  });

/** The attributes of a Set-Cookie header, lower-cased names; the first entry is the cookie itself. */
function attributes(setCookie: unknown): Map<string, string> {
  const line = [setCookie].flat().find((v) => typeof v === 'string' && v.startsWith('campus_session='));
  expect(line, 'a Set-Cookie header for campus_session').toBeTypeOf('string');
  return new Map(
    String(line)
      .split(';')
      .map((part) => part.trim())
      .map((part) => {
        const eq = part.indexOf('=');
        return eq < 0 ? [part.toLowerCase(), ''] : [part.slice(0, eq).toLowerCase(), part.slice(eq + 1)];
      }),
  );
}

describe('signing in sets the session cookie', () => {
  it('holds the session token, HttpOnly, SameSite=Strict, for /api, until the session expires', async () => {
    const s = await createStudent(t.handle.db);
    const res = await loginRequest(s.loginId);
    expect(res.statusCode).toBe(200);
    const cookie = attributes(res.headers['set-cookie']);
    expect(cookie.get('campus_session')).toBe(res.json<{ token: string }>().token);
    expect(cookie.has('httponly')).toBe(true);
    expect(cookie.get('samesite')).toBe('Strict');
    expect(cookie.get('path')).toBe('/api');
    const maxAge = Number(cookie.get('max-age'));
    expect(Math.abs(maxAge - SESSION_TTL_HOURS * 3600)).toBeLessThanOrEqual(5);
    const expires = Date.parse(cookie.get('expires') ?? '');
    expect(Math.abs(expires - (Date.now() + SESSION_TTL_HOURS * 3_600_000))).toBeLessThanOrEqual(5_000);
    expect(cookie.has('domain')).toBe(false);
  });

  it('is Secure only when the request came over HTTPS', async () => {
    const s = await createStudent(t.handle.db);
    const plain = await loginRequest(s.loginId);
    expect(attributes(plain.headers['set-cookie']).has('secure')).toBe(false);

    // Without a trusted proxy, a client cannot claim HTTPS by header.
    const claimed = await loginRequest(s.loginId, { 'x-forwarded-proto': 'https' });
    expect(attributes(claimed.headers['set-cookie']).has('secure')).toBe(false);

    const p = await createStudent(behindProxy.handle.db);
    const proxied = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: String(p.loginId), password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.statusCode).toBe(200);
    expect(attributes(proxied.headers['set-cookie']).has('secure')).toBe(true);
  });

  it('is not set by a failed sign-in', async () => {
    const s = await createStudent(t.handle.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: String(s.loginId), password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the cookie as the credential', () => {
  it('reads what the token reads when no Authorization header is sent; without either, 401', async () => {
    const s = await createStudent(t.handle.db);
    const { cookie } = await signInForCookie(t.app, s.loginId);
    const res = await t.app.inject({ url: '/api/get-notices', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    const own = await t.app.inject({ url: `/api/student-details/${s.rollNo}`, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    const anonymous = await t.app.inject({ url: '/api/get-notices' });
    expect(anonymous.statusCode).toBe(401);
    const otherCookie = await t.app.inject({ url: '/api/get-notices', headers: { cookie: 'theme=dark' } });
    expect(otherCookie.statusCode).toBe(401);
  });

  it('keeps role and own-roll-number checks: a student cookie cannot read another student', async () => {
    const s = await createStudent(t.handle.db);
    const other = await createStudent(t.handle.db);
    const { cookie } = await signInForCookie(t.app, s.loginId);
    for (const url of [
      `/api/student-details/${other.rollNo}`,
      `/api/attendance/${other.rollNo}`,
      `/api/gatepasses/pending/${other.rollNo}`,
    ]) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/students/count', headers: { cookie } })).statusCode).toBe(403);
  });

  it('lets a sent Authorization header decide, even when the cookie is valid', async () => {
    const s = await createStudent(t.handle.db);
    const { cookie } = await signInForCookie(t.app, s.loginId);
    const res = await t.app.inject({
      url: '/api/get-notices',
      headers: { cookie, authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a forged or tampered cookie with 401', async () => {
    const s = await createStudent(t.handle.db);
    const { token } = await signInForCookie(t.app, s.loginId);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const value of [tampered, 'not-a-token', '']) {
      const res = await t.app.inject({
        url: '/api/get-notices',
        headers: { cookie: `campus_session=${value}` },
      });
      expect(res.statusCode, value).toBe(401);
    }
  });

  it('ends at once when its session is revoked by a Bearer logout', async () => {
    const s = await createStudent(t.handle.db);
    const { token, cookie } = await signInForCookie(t.app, s.loginId);
    expect((await t.app.inject({ url: '/api/get-notices', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/get-notices', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/session has ended/);
  });

  it('ends when the password is changed from another session', async () => {
    const s = await createStudent(t.handle.db);
    const { cookie } = await signInForCookie(t.app, s.loginId);
    const elsewhere = await login(t.app, s.loginId);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(elsewhere),
      payload: { currentPassword: PASSWORD, newPassword: 'another-long-secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/get-notices', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/get-notices', headers: bearer(elsewhere) })).statusCode).toBe(
      200,
    );
  });

  it('decodes post-data-from-token only for the cookie’s own token', async () => {
    const s = await createStudent(t.handle.db);
    const mine = await signInForCookie(t.app, s.loginId);
    const other = await login(t.app, (await createTeacher(t.handle.db)).loginId);
    const own = await t.app.inject({
      url: `/api/post-data-from-token/${mine.token}`,
      headers: { cookie: mine.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().decoded).toMatchObject({ role: 'student', RollNo: s.rollNo });
    const foreign = await t.app.inject({
      url: `/api/post-data-from-token/${other}`,
      headers: { cookie: mine.cookie },
    });
    expect(foreign.statusCode).toBe(401);
  });
});

describe('signing out with the cookie', () => {
  it('revokes the session and clears the cookie for /api', async () => {
    const s = await createStudent(t.handle.db);
    const { token, cookie } = await signInForCookie(t.app, s.loginId);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    const cleared = attributes(out.headers['set-cookie']);
    expect(cleared.get('campus_session')).toBe('');
    expect(cleared.get('max-age')).toBe('0');
    expect(cleared.get('path')).toBe('/api');
    expect((await t.app.inject({ url: '/api/get-notices', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/get-notices', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('clears the cookie on a Bearer logout too', async () => {
    const s = await createStudent(t.handle.db);
    const token = await login(t.app, s.loginId);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(attributes(out.headers['set-cookie']).get('max-age')).toBe('0');
  });
});

describe('a client that drops its token leaves the cookie session (record 0073)', () => {
  const specLogin = (loginId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: String(loginId), password: PASSWORD },
    });

  it('signs the spec-shaped client in with a token and the cookie it needs for its other calls', async () => {
    const s = await createStudent(t.handle.db);
    const res = await specLogin(s.loginId);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(attributes(res.headers['set-cookie']).get('campus_session')).toBe(token);
  });

  it('ends the session once the client decodes without its token (Bearer null after its Logout)', async () => {
    const s = await createStudent(t.handle.db);
    const { cookie } = await signInForCookie(t.app, s.loginId);
    expect((await t.app.inject({ url: '/api/get-notices', headers: { cookie } })).statusCode).toBe(200);
    const decode = await t.app.inject({
      url: '/api/post-data-from-token/null',
      headers: { cookie, authorization: 'Bearer null' },
    });
    expect(decode.statusCode).toBe(401);
    expect(attributes(decode.headers['set-cookie']).get('max-age')).toBe('0');
    expect((await t.app.inject({ url: '/api/get-notices', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends it too when the decode names another token and sends no header', async () => {
    const s = await createStudent(t.handle.db);
    const { cookie } = await signInForCookie(t.app, s.loginId);
    const decode = await t.app.inject({ url: '/api/post-data-from-token/null', headers: { cookie } });
    expect(decode.statusCode).toBe(401);
    expect(attributes(decode.headers['set-cookie']).get('max-age')).toBe('0');
    expect((await t.app.inject({ url: '/api/get-notices', headers: { cookie } })).statusCode).toBe(401);
  });

  it('keeps the session while the client decodes with its own token', async () => {
    const s = await createStudent(t.handle.db);
    const { token, cookie } = await signInForCookie(t.app, s.loginId);
    const decode = await t.app.inject({
      url: `/api/post-data-from-token/${token}`,
      headers: { cookie, ...bearer(token) },
    });
    expect(decode.statusCode).toBe(200);
    expect(decode.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ url: '/api/get-notices', headers: { cookie } })).statusCode).toBe(200);
  });

  it('keeps every session of an API client that signs several people in with one cookie jar', async () => {
    const [one, two] = [await createStudent(t.handle.db), await createStudent(t.handle.db)];
    const first = await signInForCookie(t.app, one.loginId);
    const again = await loginRequest(two.loginId, { cookie: first.cookie });
    expect(again.statusCode).toBe(200);
    const next = again.json<{ token: string }>().token;
    const cookie = `campus_session=${next}`;
    // The first person's token with the second's cookie: judged by the header, nothing ends.
    const call = await t.app.inject({ url: '/api/get-notices', headers: { ...bearer(first.token), cookie } });
    expect(call.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/get-notices', headers: bearer(next) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/get-notices', headers: bearer(first.token) })).statusCode).toBe(
      200,
    );
  });
});

describe('cross-site request forgery', () => {
  const createNotice = (headers: Record<string, string>, heading = 'Signed in by cookie') =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-notice',
      headers,
      payload: {
        type: 'generalNotice',
        data: { heading, contactEmail: 'office@campus.example.edu', description: 'Read me.' },
      },
    });

  it('accepts a cookie write that says it comes from this origin', async () => {
    const teacher = await createTeacher(t.handle.db);
    const { cookie } = await signInForCookie(t.app, teacher.loginId);
    expect((await createNotice({ cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    // Browsers without Fetch Metadata still send Origin on every write.
    expect((await createNotice({ cookie, origin: 'http://localhost' })).statusCode).toBe(201);
    expect((await createNotice({ cookie, origin: 'http://LOCALHOST:80' })).statusCode).toBe(201);
  });

  it('refuses with 403 a cookie write from another site, or that does not say where it comes from', async () => {
    const teacher = await createTeacher(t.handle.db);
    const { cookie, token } = await signInForCookie(t.app, teacher.loginId);
    const refused: Record<string, string>[] = [
      { cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { cookie, 'sec-fetch-site': 'same-site' },
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'http://localhost:8080' },
      { cookie, origin: 'null' },
      { cookie },
    ];
    for (const headers of refused) {
      const res = await createNotice(headers, 'Forged?');
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().message).toMatch(/session cookie/);
    }
    const headings = (await t.app.inject({ url: '/api/get-notices', headers: bearer(token) })).json<
      { heading: string }[]
    >();
    expect(headings.map((n) => n.heading)).not.toContain('Forged?');
  });

  it('leaves Bearer writes and cookie reads as they were', async () => {
    const teacher = await createTeacher(t.handle.db);
    const { cookie, token } = await signInForCookie(t.app, teacher.loginId);
    expect((await createNotice({ ...bearer(token), ...CROSS_SITE })).statusCode).toBe(201);
    expect((await createNotice({ ...bearer(token) })).statusCode).toBe(201);
    const read = await t.app.inject({ url: '/api/get-notices', headers: { cookie } });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a sign-in posted from another site, and sets no cookie', async () => {
    const s = await createStudent(t.handle.db);
    const fromElsewhere: Record<string, string>[] = [
      CROSS_SITE,
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of fromElsewhere) {
      const res = await loginRequest(s.loginId, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().message).toMatch(/another origin/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await loginRequest(s.loginId, SAME_ORIGIN)).statusCode).toBe(200);
    // Clients that are not browsers send neither header.
    expect((await loginRequest(s.loginId)).statusCode).toBe(200);
  });
});
