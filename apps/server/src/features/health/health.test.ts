/** Health, and how often this instance answers from memory. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, login } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Stats {
  sessions: { hits: number; misses: number };
  answers: { hits: number; misses: number };
  entries: number;
}

describe('GET /api/health/cache', () => {
  it('counts a list read twice as one miss and one hit, and each signed-in request as a session read', async () => {
    const token = await login(t.app, (await createAdmin(t.handle.db)).loginId);
    const stats = async () =>
      (await t.app.inject({ url: '/api/health/cache', headers: bearer(token) })).json<Stats>();
    // The campus's clock, which every pass list reads, is in memory already.
    expect((await t.app.inject({ url: '/api/timetable-settings', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const before = await stats();
    for (let i = 0; i < 2; i++) {
      // A list every admin reads the same (the notice lists depend on the reader and the time: not cached).
      const res = await t.app.inject({ url: '/api/gatepasses/pending?limit=5', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
    }
    const after = await stats();
    expect(after.answers.misses - before.answers.misses).toBe(1);
    // The list once, and the campus's clock for each read.
    expect(after.answers.hits - before.answers.hits).toBe(3);
    // The two reads and the stats call itself each looked up the session.
    const sessions =
      after.sessions.hits + after.sessions.misses - before.sessions.hits - before.sessions.misses;
    expect(sessions).toBe(3);
    expect(after.entries).toBeGreaterThan(0);
  });

  it('answers the database kind to anyone', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
    });
  });
});
