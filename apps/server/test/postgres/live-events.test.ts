/** Live updates across instances: an event raised on one server reaches a stream open on another. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatePass } from '@campus/contract';
import { createTestPair, type TestApp } from '../app';
import { bearer, createStudent, createTeacher, login } from '../fixtures';
import { openEvents } from '../live-stream';

let pair: Awaited<ReturnType<typeof createTestPair>>;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  pair = await createTestPair();
  ({ first, second } = pair);
});
afterAll(() => pair.close());

describe('live updates on two servers', () => {
  it('reach a student connected to one server when a teacher decides on the other, within 2 s', async () => {
    const teacher = await createTeacher(first.handle.db, { groups: ['L-1'] });
    const student = await createStudent(first.handle.db, { group: 'L-1' });
    const teacherToken = await login(first.app, teacher.loginId);
    const studentToken = await login(second.app, student.loginId);
    const applied = await second.app.inject({
      method: 'POST',
      url: '/api/submit-gatepass',
      headers: bearer(studentToken),
      payload: { date: '2031-02-03', time: '10:00', reason: 'Family visit' },
    });
    const pass = applied.json<{ gatepass: GatePass }>().gatepass;
    const events = await openEvents(second.app, studentToken);
    try {
      const started = Date.now();
      const decided = await first.app.inject({
        method: 'PUT',
        url: '/api/gatepasses/update-status',
        headers: bearer(teacherToken),
        payload: { gatepassId: pass._id, approvedStatus: 'approved' },
      });
      expect(decided.statusCode).toBe(200);
      const event = await events.next('gatepasses', 0, 2000);
      expect(event.topics).toContain('notifications');
      expect(Date.now() - started).toBeLessThan(2000);
      // The stream's server answers what the event said changed.
      const approved = await second.app.inject({
        url: `/api/gatepasses/approved/${student.rollNo}`,
        headers: bearer(studentToken),
      });
      expect(approved.json<GatePass[]>().map((p) => p._id)).toEqual([pass._id]);
    } finally {
      events.close();
    }
  });

  it('resume on the other server after the id an event had on the first', async () => {
    const student = await createStudent(first.handle.db, { group: 'L-2' });
    const teacher = await createTeacher(first.handle.db, { groups: ['L-2'] });
    const studentToken = await login(first.app, student.loginId);
    const teacherToken = await login(first.app, teacher.loginId);
    const onFirst = await openEvents(first.app, studentToken);
    const apply = (date: string) =>
      first.app.inject({
        method: 'POST',
        url: '/api/submit-gatepass',
        headers: bearer(studentToken),
        payload: { date, time: '09:00', reason: 'Visit' },
      });
    const one = (await apply('2031-07-01')).json<{ gatepass: GatePass }>().gatepass;
    const two = (await apply('2031-07-02')).json<{ gatepass: GatePass }>().gatepass;
    await first.app.inject({
      method: 'PUT',
      url: '/api/gatepasses/update-status',
      headers: bearer(teacherToken),
      payload: { gatepassId: one._id, approvedStatus: 'approved' },
    });
    const seen = await onFirst.next('gatepasses');
    onFirst.close();
    await first.app.inject({
      method: 'PUT',
      url: '/api/gatepasses/update-status',
      headers: bearer(teacherToken),
      payload: { gatepassId: two._id, approvedStatus: 'rejected' },
    });
    // Once the second server has heard the event, a stream resumed there is sent it at once.
    await expect.poll(() => second.handle.live.since(seen.id)?.length ?? 0).toBeGreaterThan(0);
    const resumed = await openEvents(second.app, studentToken, seen.id);
    try {
      const missed = await resumed.next('gatepasses');
      expect(missed.topics).toEqual(['gatepasses', 'notifications']);
    } finally {
      resumed.close();
    }
  });

  it('keep serving, streams included, when the database ends their idle connections', async () => {
    const student = await createStudent(first.handle.db, { group: 'L-3' });
    const token = await login(second.app, student.loginId);
    await first.handle.db.selectFrom('students').select('roll_no').execute();
    await second.handle.db.selectFrom('students').select('roll_no').execute();
    const { rows } = await sql<{ stopped: boolean }>`
      select pg_terminate_backend(pid) as stopped from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'
        and application_name = ''`.execute(first.handle.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const instance of [first, second]) {
      await expect
        .poll(
          async () =>
            (await instance.app.inject({ url: '/api/notifications', headers: bearer(token) })).statusCode,
        )
        .toBe(200);
    }
    const events = await openEvents(second.app, token);
    events.close();
    expect(events.statusCode).toBe(200);
  });
});
