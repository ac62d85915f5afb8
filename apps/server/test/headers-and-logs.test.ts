/** Security headers on the HTML shell, assets and API answers; nothing secret in the logs. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { createTestApp, TEST_SECRET, type TestApp } from './app';
import { bearer, createStudent, login, PASSWORD, SAME_ORIGIN, signInForCookie } from './fixtures';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'campus-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="en"><title>Campus Portal</title>');
  writeFileSync(join(webDist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('headers', () => {
  it('serves the HTML shell for any screen path, never cached', async () => {
    for (const url of ['/', '/student/home', '/admin/dashboard?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('Campus Portal');
      // The campus locale, which the web app writes dates and numbers by (en-IN unless configured).
      expect(res.body).toContain('<html lang="en-IN"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(res.headers);
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res.headers);
  });

  it('marks API answers no-store, success or failure', async () => {
    for (const url of ['/api/health', '/api/get-notices', '/api/unknown']) {
      const res = await t.app.inject({ url });
      expect(res.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(res.headers);
    }
  });

  it('marks personal answers no-store however their path is spelled', async () => {
    const student = await createStudent(t.handle.db);
    const token = await login(t.app, student.loginId);
    for (const url of [
      `/%61pi/post-data-from-token/${token}`,
      `/api/post-data%2Dfrom-token/${token}`,
      '/%61pi/get-notices',
      '/%61pi/unknown',
    ]) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expectSecurityHeaders(res.headers);
    }
  });

  it('does not serve files outside the web app', async () => {
    const res = await t.app.inject({ url: '/../../package.json' });
    expect(res.body).not.toContain('"workspaces"');
  });
});

/** An app on the test database whose every log line, at the most verbose level unless told, is kept. */
async function appKeepingItsLog(level = 'trace') {
  const lines: string[] = [];
  const app = await buildApp({
    handle: t.handle,
    jwtSecret: TEST_SECRET,
    logger: loggerOptions(level, { write: (line: string) => lines.push(line) }),
  });
  await app.ready();
  return { app, lines };
}

describe('logs', () => {
  it('never contain a token, a password or the Authorization header', async () => {
    const { app, lines } = await appKeepingItsLog();
    const student = await createStudent(t.handle.db);
    const token = await login(app, student.loginId);
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: String(student.loginId), password: 'wrong-password-123' },
    });
    await app.inject({ url: `/api/post-data-from-token/${token}`, headers: bearer(token) });
    // The router matches these spellings to the same route; the raw URL must not be what is logged.
    for (const url of [`/api/post-data%2Dfrom-token/${token}`, `/%61pi/post-data-from-token/${token}`]) {
      expect((await app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
    }
    await app.inject({ url: `/api/post-data-from-token/${token}/more`, headers: bearer(token) });
    await app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(token),
      payload: { currentPassword: PASSWORD, newPassword: 'a-brand-new-secret' },
    });
    await app.close();
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    const incoming = lines.map((line) => JSON.parse(line) as { req?: unknown }).filter((l) => l.req);
    expect(incoming).toContainEqual(
      expect.objectContaining({
        req: { method: 'GET', route: '/api/post-data-from-token/:token', params: { token: '[redacted]' } },
      }),
    );
    for (const secret of [
      token,
      token.split('.')[2]!,
      PASSWORD,
      'wrong-password-123',
      'a-brand-new-secret',
      TEST_SECRET,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('access lines', () => {
  it('are one a request at info, naming the route, the status and the time', async () => {
    const { app, lines } = await appKeepingItsLog('info');
    const student = await createStudent(t.handle.db);
    const token = await login(app, student.loginId);
    lines.length = 0;
    const answer = await app.inject({ url: '/api/notifications/unread-count', headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    await app.close();
    const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const about = written.filter((l) => l.req !== undefined || l.res !== undefined);
    expect(about).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: { method: 'GET', route: '/api/notifications/unread-count', params: {} },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('add the incoming line at debug', async () => {
    const { app, lines } = await appKeepingItsLog('debug');
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await app.close();
    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
  });
});

describe('session cookie in logs', () => {
  it('is never written, neither as sent nor as set', async () => {
    const { app, lines } = await appKeepingItsLog();
    const student = await createStudent(t.handle.db);
    const { token, cookie } = await signInForCookie(app, student.loginId);
    await app.inject({ url: '/api/get-notices', headers: { cookie } });
    await app.inject({ url: `/api/post-data-from-token/${token}`, headers: { cookie } });
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...SAME_ORIGIN } });
    await app.close();
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).not.toContain(token.split('.')[2]!);
    expect(log).not.toContain('campus_session');
  });
});

describe('paths', () => {
  it('answers a malformed percent-encoding with 400, not 500, with the security headers', async () => {
    for (const url of ['/student/%E0%A4%A', '/api/post-data-from-token/%ZZ']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request path is not a valid url' });
      expect(res.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(res.headers);
    }
  });
});
