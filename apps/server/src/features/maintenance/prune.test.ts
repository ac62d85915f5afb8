/** The database does not grow for ever: refusals are counted, old rows are pruned. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createStudent } from '../../../test/fixtures';
import { newId } from '../../lib/ids';
import { pruneExpired } from './prune';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('pruning', () => {
  it('removes expired sessions, passed counters, audit entries past retention and notifications past 180 days, and keeps the rest', async () => {
    const now = new Date('2031-06-01T12:00:00.000Z');
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const student = await createStudent(t.handle.db);
    const session = (id: string, expiresIn: number, revoked = false) => ({
      id,
      account_id: student.accountId,
      created_at: at(-DAY),
      expires_at: at(expiresIn),
      revoked_at: revoked ? at(-1000) : null,
    });
    const expired = newId();
    const revokedExpired = newId();
    const live = newId();
    await t.handle.db
      .insertInto('sessions')
      .values([session(expired, -1000), session(revokedExpired, -1000, true), session(live, DAY)])
      .execute();
    const counter = (key: string, expiresIn: number) => ({
      key,
      hits: 3,
      window_start: at(-60_000),
      last_at: at(-60_000),
      prev_at: null,
      expires_at: at(expiresIn),
    });
    await t.handle.db
      .insertInto('rate_limits')
      .values([counter('prune:passed', -1), counter('prune:live', 60_000)])
      .execute();
    const entry = (id: string, age: number) => ({
      id,
      at: at(-age),
      kind: 'signout',
      actor_login_id: student.loginId,
      actor_role: 'student',
      target: null,
      detail: null,
      client: null,
      count: 1,
    });
    await t.handle.db
      .insertInto('audit_log')
      .values([entry('prune-old', 40 * DAY), entry('prune-recent', 20 * DAY)])
      .execute();

    const note = (id: string, age: number) => ({
      id,
      account_id: student.accountId,
      kind: 'notice.mentor',
      text: 'New mentor notice from Dr. Rao',
      link: null,
      created_at: at(-age),
      read_at: null,
    });
    const oldNote = newId();
    const recentNote = newId();
    await t.handle.db
      .insertInto('notifications')
      .values([note(oldNote, 181 * DAY), note(recentNote, 179 * DAY)])
      .execute();

    const removed = await pruneExpired(t.handle.db, t.handle.dialect, now, { auditRetentionDays: 30 });
    expect(removed).toMatchObject({ counters: 1, sessions: 2, audit: 1, notifications: 1 });
    const notes = await t.handle.db
      .selectFrom('notifications')
      .select('id')
      .where('account_id', '=', student.accountId)
      .execute();
    expect(notes.map((n) => n.id)).toEqual([recentNote]);

    const sessions = await t.handle.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', student.accountId)
      .execute();
    expect(sessions.map((s) => s.id)).toEqual([live]);
    const counters = await t.handle.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', 'prune:%')
      .execute();
    expect(counters.map((c) => c.key)).toEqual(['prune:live']);
    const entries = await t.handle.db
      .selectFrom('audit_log')
      .select('id')
      .where('id', 'like', 'prune-%')
      .execute();
    expect(entries.map((e) => e.id)).toEqual(['prune-recent']);
  });

  it('counts a flood of refused sign-ins in one audit entry per client and answer (checked ones per User ID)', async () => {
    const userId = 777_001;
    for (let i = 0; i < 40; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userId: String(userId), password: `guess-${i}` },
        remoteAddress: '198.51.100.77',
      });
    }
    const rows = await t.handle.db
      .selectFrom('audit_log')
      .select(['kind', 'detail', 'count', 'client'])
      .where('client', '=', '198.51.100.77')
      .where('kind', '=', 'signin.failure')
      .orderBy('detail')
      .execute();
    expect(rows).toEqual([
      { kind: 'signin.failure', detail: 'HTTP 401', count: 5, client: '198.51.100.77' },
      { kind: 'signin.failure', detail: 'HTTP 429', count: 35, client: '198.51.100.77' },
    ]);
  });
});
