import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, TEST_SECRET, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login, PASSWORD } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/login', () => {
  it('signs in each role and answers its token and role', async () => {
    const people = [
      ['student', await createStudent(t.handle.db)],
      ['teacher', await createTeacher(t.handle.db)],
      ['admin', await createAdmin(t.handle.db)],
    ] as const;
    for (const [role, person] of people) {
      const res = await post('/api/login', { userId: String(person.loginId), password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.role).toBe(role);
      expect(body.token.split('.')).toHaveLength(3);
      expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
    }
  });

  it('accepts the User ID as a number too', async () => {
    const s = await createStudent(t.handle.db);
    const res = await post('/api/login', { userId: s.loginId, password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const s = await createStudent(t.handle.db);
    const wrong = await post('/api/login', { userId: String(s.loginId), password: 'nope' });
    const unknown = await post('/api/login', { userId: '777777777', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid User ID or password' });
    expect(unknown.json()).toEqual({ message: 'Invalid User ID or password' });
  });

  it('refuses a non-numeric User ID and a missing password with 400 naming the field', async () => {
    const res = await post('/api/login', { userId: 'abc', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/User ID must be numeric/);
    const missing = await post('/api/login', { userId: '123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/i);
  });

  it('locks an account after 5 failures in 15 minutes with 429 saying when to retry', async () => {
    const s = await createStudent(t.handle.db);
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/login', { userId: String(s.loginId), password: 'bad' })).statusCode).toBe(401);
    }
    const sixth = await post('/api/login', { userId: String(s.loginId), password: PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many failed sign-in attempts\. Try again in 15 minutes\./);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"userId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ userId: '1', password: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('identity and sessions', () => {
  it('decodes the token into the §3 payload plus role', async () => {
    const s = await createStudent(t.handle.db);
    const token = await login(t.app, s.loginId);
    const res = await t.app.inject({ url: `/api/post-data-from-token/${token}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().decoded).toMatchObject({
      role: 'student',
      RollNo: s.rollNo,
      name: s.name,
      email: s.email,
    });
  });

  it('requires the path token to equal the Bearer token', async () => {
    const a = await createTeacher(t.handle.db);
    const b = await createTeacher(t.handle.db);
    const tokenA = await login(t.app, a.loginId);
    const tokenB = await login(t.app, b.loginId);
    const res = await t.app.inject({ url: `/api/post-data-from-token/${tokenA}`, headers: bearer(tokenB) });
    expect(res.statusCode).toBe(401);
    const noHeader = await t.app.inject({ url: `/api/post-data-from-token/${tokenA}` });
    expect(noHeader.statusCode).toBe(401);
  });

  it('refuses a token after logout with 401', async () => {
    const s = await createStudent(t.handle.db);
    const token = await login(t.app, s.loginId);
    expect((await post('/api/logout', {}, bearer(token))).statusCode).toBe(200);
    const res = await t.app.inject({ url: `/api/post-data-from-token/${token}`, headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/session has ended/);
  });

  it('refuses tampered, unsigned, expired and foreign-issuer tokens', async () => {
    const s = await createStudent(t.handle.db);
    const token = await login(t.app, s.loginId);
    const [h, p, sig] = token.split('.') as [string, string, string];
    const key = new TextEncoder().encode(TEST_SECRET);
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const expired = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    const foreign = await new SignJWT({ ...payload, iss: 'someone-else' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const tampered = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [none, expired, foreign, tampered, 'not-a-token']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(bad) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('changes the password and signs out the other sessions', async () => {
    const s = await createStudent(t.handle.db);
    const here = await login(t.app, s.loginId);
    const elsewhere = await login(t.app, s.loginId);
    const wrong = await post(
      '/api/change-password',
      { currentPassword: 'nope', newPassword: 'something-new' },
      bearer(here),
    );
    expect(wrong.statusCode).toBe(400);
    const short = await post(
      '/api/change-password',
      { currentPassword: PASSWORD, newPassword: 'short' },
      bearer(here),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 8 characters/);
    const ok = await post(
      '/api/change-password',
      { currentPassword: PASSWORD, newPassword: 'something-new' },
      bearer(here),
    );
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/logout', {}, bearer(elsewhere))).statusCode).toBe(401);
    expect(
      (await post('/api/login', { userId: String(s.loginId), password: 'something-new' })).statusCode,
    ).toBe(200);
  });
});

describe('platform', () => {
  it('answers health publicly with security headers and no-store', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers an unknown API path with 404 and a message', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No route/);
  });

  it('refuses to start when a route declares no access', async () => {
    const { buildApp } = await import('../../app');
    const app = await buildApp({ handle: t.handle, jwtSecret: TEST_SECRET });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/does not declare its access/);
    await app.close();
  });
});
