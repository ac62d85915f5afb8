/** The private calendar feed: parsed with ical.js as a calendar app would, replaced and revoked. */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

const clock = testClock(Date.parse('2031-02-03T06:00:00Z'));
let t: TestApp;
let student: StudentPerson;
let asStudent: string;

const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
const pathOf = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.handle.db;
  const admin = await login(t.app, (await createAdmin(db)).loginId);
  const teacher = await createTeacher(db, { groups: [] });
  student = await createStudent(db, { group: 'CAL-A' });
  asStudent = await login(t.app, student.loginId);
  await inject(admin, 'PUT', '/api/timetable-settings', {
    termStart: '2031-01-06',
    termEnd: '2031-03-28',
    timeZone: 'Asia/Kolkata',
  });
  await inject(admin, 'POST', '/api/courses', { code: 'CS301', name: 'DBMS', credits: 4 });
  const period = await inject(admin, 'POST', '/api/periods', {
    course: 'CS301',
    group: 'CAL-A',
    weekday: 1,
    start: '09:00',
    end: '09:50',
    room: 'LH-101',
    teacherId: teacher.loginId,
  });
  expect(period.statusCode, period.body).toBe(201);
  await inject(admin, 'PUT', '/api/holidays/2031-01-27', { name: 'Republic Day (observed)' });
  await db
    .insertInto('leave_applications')
    .values({
      id: '00000000-0000-4000-8000-00000000c001',
      roll_no: student.rollNo,
      from_date: '2031-02-12',
      to_date: '2031-02-13',
      reason: 'Sister’s wedding',
      status: 'approved',
      created_at: '2031-02-01T10:00:00Z',
      decided_by: null,
      decided_at: '2031-02-01T12:00:00Z',
      reject_reason: null,
    })
    .execute();
});
afterAll(() => t.close());

describe('the calendar feed', () => {
  it("gives the person's lectures at the campus's hour and their leave, as a calendar app reads them", async () => {
    const none = await inject(asStudent, 'GET', '/api/calendar-feed');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ url: null, createdAt: null });
    const made = await inject(asStudent, 'POST', '/api/calendar-feed');
    expect(made.statusCode).toBe(201);
    const { url } = made.json<{ url: string }>();

    const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const lectures = events.filter((e) => e.summary === 'DBMS (CS301)');
    // Mondays from 6 January to 24 March 2031 are twelve; 27 January is a holiday.
    expect(lectures).toHaveLength(11);
    const first = lectures.map((e) => e.startDate.toJSDate().toISOString()).sort()[0];
    expect(first).toBe('2031-01-06T03:30:00.000Z'); // 09:00 in India
    expect(lectures[0]!.location).toBe('LH-101');
    const leave = events.find((e) => e.summary === 'On leave')!;
    expect(leave.startDate.isDate).toBe(true);
    expect(leave.startDate.toString()).toBe('2031-02-12');
    expect(leave.endDate.toString()).toBe('2031-02-14');

    const again = await inject(asStudent, 'GET', '/api/calendar-feed');
    expect(again.json<{ url: string }>().url).toBe(url);
  });

  it('stops answering a replaced, revoked or altered link', async () => {
    const old = (await inject(asStudent, 'GET', '/api/calendar-feed')).json<{ url: string }>().url;
    const replaced = await inject(asStudent, 'POST', '/api/calendar-feed');
    expect(replaced.statusCode).toBe(201);
    const fresh = replaced.json<{ url: string }>().url;
    expect(fresh).not.toBe(old);
    expect((await t.app.inject({ method: 'GET', url: pathOf(old) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pathOf(fresh) })).statusCode).toBe(200);
    const altered = pathOf(fresh).replace(/\.([^.]+)\.ics$/, (_m, sig: string) => `.${sig.slice(1)}A.ics`);
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(404);

    const revoked = await inject(asStudent, 'DELETE', '/api/calendar-feed');
    expect(revoked.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: pathOf(fresh) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This calendar link is not valid; make a new one in the portal');
  });
});
