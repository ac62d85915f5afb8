/**
 * Lecture times are the campus's wall clock: with the campus in India and the server in New York,
 * "today", a lecture's start and a pass's time out are all read in the campus's zone.
 */
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

const serverZone = process.env.TZ;
process.env.TZ = 'America/New_York';

// Sunday 2 February 2031, 20:00 UTC: 15:00 in New York, already Monday 01:30 in India.
const clock = testClock(Date.parse('2031-02-02T20:00:00Z'));
let t: TestApp;
let admin: string;
let teacher: string;
let students: StudentPerson[];
const periods: Record<string, string> = {};

const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.handle.db;
  admin = await login(t.app, (await createAdmin(db)).loginId);
  const person = await createTeacher(db, { groups: [] });
  teacher = await login(t.app, person.loginId);
  students = [await createStudent(db, { group: 'TZ-A' }), await createStudent(db, { group: 'TZ-A' })];
  const settings = await inject(admin, 'PUT', '/api/timetable-settings', {
    termStart: '2031-01-06',
    termEnd: '2031-03-28',
    timeZone: 'Asia/Kolkata',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  await inject(admin, 'POST', '/api/courses', { code: 'CS301', name: 'DBMS', credits: 4 });
  for (const [key, start, end] of [
    ['nine', '09:00', '09:50'],
    ['ten', '10:00', '10:50'],
  ] as const) {
    const res = await inject(admin, 'POST', '/api/periods', {
      course: 'CS301',
      group: 'TZ-A',
      weekday: 1,
      start,
      end,
      room: 'LH-1',
      teacherId: person.loginId,
    });
    expect(res.statusCode, res.body).toBe(201);
    periods[key] = res.json<{ period: { _id: string } }>().period._id;
  }
});
afterAll(async () => {
  await t.close();
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

describe("the campus's time zone", () => {
  it("gives today's lectures by the campus's day, not the server's or UTC's", async () => {
    const day = await inject(await login(t.app, students[0]!.loginId), 'GET', '/api/timetable/day');
    expect(day.statusCode).toBe(200);
    expect(day.json()).toMatchObject({ date: '2031-02-03', inTerm: true });
    expect(day.json<{ lectures: unknown[] }>().lectures).toHaveLength(2);
  });

  it("opens a lecture for marks at its start on the campus's clock, and a pass covers the lecture it overlaps there", async () => {
    clock.advance(7 * 3_600_000 + 45 * 60_000); // 03:45 UTC: 09:15 in India
    const marks = { records: students.map((s) => ({ studentId: s.rollNo, status: 'Present' })) };
    const nine = await inject(teacher, 'POST', `/api/lectures/${periods.nine}/2031-02-03/marks`, marks);
    expect(nine.statusCode, nine.body).toBe(200);
    const ten = await inject(teacher, 'POST', `/api/lectures/${periods.ten}/2031-02-03/marks`, marks);
    expect(ten.statusCode).toBe(400);
    expect(ten.json().message).toBe(
      'date: the CS301 lecture of 2031-02-03 begins at 10:00; mark it once it has begun',
    );

    await t.handle.db
      .insertInto('gate_passes')
      .values({
        id: '00000000-0000-4000-8000-0000000000a1',
        roll_no: students[1]!.rollNo,
        contact: '9000000000',
        date: '2031-02-03',
        time: '10:00',
        reason: 'Bank',
        status: 'approved',
        created_at: '2031-02-02T10:00:00Z',
        decided_by: null,
        decided_at: '2031-02-02T11:00:00Z',
        exited_at: '2031-02-03T04:35:00Z', // 10:05 in India
        returned_at: '2031-02-03T05:10:00Z', // 10:40
      })
      .execute();
    clock.advance(2 * 3_600_000); // 11:15 in India
    const after = await inject(teacher, 'POST', `/api/lectures/${periods.ten}/2031-02-03/marks`, marks);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().keptOnLeave).toEqual([
      { studentId: students[1]!.rollNo, source: 'gatepass', reason: 'out on a gate pass' },
    ]);
    const nineRoster = await inject(teacher, 'GET', `/api/lectures/${periods.nine}/2031-02-03`);
    expect(
      nineRoster.json<{ students: { away: string | null }[] }>().students.every((s) => s.away === null),
    ).toBe(true);
  });
});
