/**
 * The day-level rules take the campus's day, in its time zone: with the campus in India and the
 * server in New York, marks, leave, a pass's excused day, the dashboard and the exports follow
 * India's calendar. A campus at UTC (the default) keeps the UTC day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';
import { newId } from '../../lib/ids';

const serverZone = process.env.TZ;
process.env.TZ = 'America/New_York';

// Monday 3 February 2031, 12:00 UTC: 17:30 in India, still the 3rd there.
const clock = testClock(Date.parse('2031-02-03T12:00:00.000Z'));
const GROUP = 'CD-B';
let t: TestApp;
let students: StudentPerson[];
let studentToken: string;
let teacherToken: string;
let adminToken: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

const setZone = async (timeZone: string) => {
  const res = await call('PUT', '/api/timetable-settings', adminToken, { timeZone });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.handle.db;
  students = [await createStudent(db, { group: GROUP }), await createStudent(db, { group: GROUP })];
  const people = [students[0]!, await createTeacher(db, { groups: [GROUP] }), await createAdmin(db)];
  [studentToken, teacherToken, adminToken] = (await Promise.all(
    people.map((p) => login(t.app, p.loginId)),
  )) as [string, string, string];
  await setZone('Asia/Kolkata');
  // Out from 08:30 to 17:30 in India on 3 February (03:00 to 12:00 UTC), created at 00:30 on the 4th.
  await db
    .insertInto('gate_passes')
    .values({
      id: newId(),
      roll_no: students[1]!.rollNo,
      contact: '9000000000',
      date: '2031-02-03',
      time: '08:30',
      reason: 'Hospital visit',
      status: 'approved',
      created_at: '2031-02-03T19:00:00.000Z',
      decided_by: null,
      decided_at: '2031-02-03T19:10:00.000Z',
      exited_at: '2031-02-03T03:00:00.000Z',
      returned_at: '2031-02-03T12:00:00.000Z',
    })
    .execute();
}, 60_000);
afterAll(async () => {
  await t.close();
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

const mark = (date: string) =>
  call('POST', '/api/mark-attendance', teacherToken, {
    date,
    attendanceRecords: students.map((s) => ({ studentId: s.rollNo, status: 'Present' })),
  });
const future = (date: string) => ({
  message: `date cannot be in the future: ${date} is after today; mark today or a past day`,
});
const applyLeave = (day: string) =>
  call('POST', '/api/leave', studentToken, { from: day, to: day, reason: 'Family function' });
const onLeave = async (date: string) =>
  (await call('GET', `/api/attendance-leave?date=${date}&group=${GROUP}`, teacherToken)).json<unknown[]>();
const overview = async () => (await call('GET', '/api/admin/overview', adminToken)).json<AdminOverview>();
const exportName = async () =>
  (await call('GET', '/api/export/teachers.csv', adminToken)).headers['content-disposition'];

describe('a campus in India', () => {
  it('takes marks up to its own day: 4 February only once it has begun there', async () => {
    const early = await mark('2031-02-04');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual(future('2031-02-04'));
    clock.advance(8 * 3_600_000); // 20:00 UTC: 01:30 on 4 February in India
    expect((await mark('2031-02-04')).statusCode).toBe(200);
    const next = await mark('2031-02-05');
    expect(next.statusCode).toBe(400);
    expect(next.json()).toEqual(future('2031-02-05'));
  });

  it('keeps On leave a student whose time out on a pass covers the class hours on its clock', async () => {
    expect(await onLeave('2031-02-03')).toEqual([{ studentId: students[1]!.rollNo, source: 'gatepass' }]);
    const res = await mark('2031-02-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      keptOnLeave: [{ studentId: students[1]!.rollNo, source: 'gatepass' }],
    });
  });

  it('takes leave back to seven days before its own day, 4 February', async () => {
    const tooOld = await applyLeave('2031-01-27');
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json()).toEqual({ message: 'from must not be more than 7 days ago' });
    expect((await applyLeave('2031-01-28')).statusCode).toBe(201);
    expect((await applyLeave('2031-02-04')).statusCode).toBe(201);
  });

  it('shows its own day on the dashboard, the report and the exports', async () => {
    const body = await overview();
    expect(body.today).toBe('2031-02-04');
    // The pass created at 00:30 in India counts on the 4th there.
    expect(body.activity.slice(-2)).toEqual([
      { date: '2031-02-03', gatePasses: 0, queries: 0 },
      { date: '2031-02-04', gatePasses: 1, queries: 0 },
    ]);
    const report = await call('GET', `/api/attendance-report?group=${GROUP}`, adminToken);
    expect(report.json()).toMatchObject({ to: '2031-02-04' });
    expect(await exportName()).toContain('teachers-2031-02-04.csv');
  });
});

describe('a campus at UTC, the default', () => {
  it('keeps the UTC day, a client ahead of it still marking its own today', async () => {
    await setZone('UTC');
    expect((await mark('2031-02-04')).statusCode).toBe(200);
    expect((await mark('2031-02-05')).json()).toEqual(future('2031-02-05'));
    // 03:00 to 12:00 UTC does not cover 09:00 to 17:00 UTC.
    expect(await onLeave('2031-02-03')).toEqual([]);
    expect((await applyLeave('2031-01-27')).statusCode).toBe(201);
    const body = await overview();
    expect(body.today).toBe('2031-02-03');
    expect(body.activity.at(-1)).toEqual({ date: '2031-02-03', gatePasses: 1, queries: 0 });
    expect(await exportName()).toContain('teachers-2031-02-03.csv');
  });
});
