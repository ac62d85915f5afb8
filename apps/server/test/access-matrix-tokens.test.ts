/**
 * The access matrix for integration tokens: every route the server registers × a token holding
 * every scope and a token holding one. A token reaches exactly the routes the contract's
 * API_SCOPE_ROUTES opens to its scopes (decision record 0083); every other signed-in route answers
 * it 403 naming why, and none answers it 401 or 5xx.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPE_ROUTES, API_SCOPES, type ApiClientCreated, type ApiScope } from '@campus/contract';
import { routeCatalog } from '../src/plugins/access';
import { createTestApp, type TestApp } from './app';
import { bearer, createAdmin, createStudent, injectRoute, login, type StudentPerson } from './fixtures';

let t: TestApp;
let student: StudentPerson;
const tokens: { all: string; timetable: string } = { all: '', timetable: '' };
const SCOPES: Record<keyof typeof tokens, readonly ApiScope[]> = {
  all: API_SCOPES,
  timetable: ['read:timetable'],
};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.handle.db);
  student = await createStudent(t.handle.db, { group: 'T-1' });
  const adminToken = await login(t.app, admin.loginId);
  for (const name of ['all', 'timetable'] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api-clients',
      headers: bearer(adminToken),
      payload: { name: `Matrix ${name}`, scopes: SCOPES[name], expiresInDays: 1, perMinute: 6000 },
    });
    tokens[name] = res.json<ApiClientCreated>().token;
  }
});
afterAll(() => t.close());

const fillPath = (url: string) =>
  url
    .replace(':rollNo', String(student.rollNo))
    .replace(':teacherId', '1')
    .replace(':guardId', '1')
    .replace(':name', 'T-1')
    .replace(':status', 'pending')
    .replace(':token', 'no-token')
    .replace(':periodId', randomUUID())
    .replace(':date', '2031-02-03')
    .replace(':code', 'CS301')
    .replace(':id', randomUUID())
    .replace(':kind', 'students')
    .replace(':file', 'x.ics')
    .replace('/*', '/index.html');

describe('access matrix for integration tokens', { timeout: 300_000 }, () => {
  it('opens exactly the routes of the token’s scopes', async () => {
    const routes = routeCatalog(t.app).filter((r) => r.access !== 'public');
    const results: string[] = [];
    let opened = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      for (const name of ['all', 'timetable'] as const) {
        const allowed = SCOPES[name].some((scope) => API_SCOPE_ROUTES[scope].includes(key));
        const res = await injectRoute(
          t.app,
          {
            method: route.method,
            url: fillPath(route.url),
            headers: bearer(tokens[name]),
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
          },
          route.stream,
        );
        const status = res.statusCode;
        const ok =
          status < 500 &&
          status !== 401 &&
          (allowed ? status !== 403 : status === 403) &&
          (status < 400 || typeof res.json<{ message?: unknown }>().message === 'string');
        if (allowed) opened++;
        if (!ok) results.push(`${key} with ${name} → ${status} ${res.body.slice(0, 120)}`);
      }
    }
    expect(results).toEqual([]);
    const scoped = Object.values(API_SCOPE_ROUTES).flat().length;
    expect(opened).toBe(scoped + API_SCOPE_ROUTES['read:timetable'].length);
    console.info(`access matrix for tokens: ${routes.length} routes × 2 tokens, ${opened} opened`);
  });
});
