/**
 * Marks made offline and sent later carry the mark the teacher saw (`was`): a repeat of the same
 * marks saves nothing twice, and marks made meanwhile by someone else are answered with both
 * (409), nothing overwritten. Marks without `was` are saved as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import { mondayLecture } from '../../../test/lectures';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

// Monday 3 February 2031, 12:30 UTC; the term runs through March.
const clock = testClock(Date.parse('2031-02-03T12:30:00Z'));
let t: TestApp;
let admin: string;
let asTeacher: string;
let asMentor: string;
let students: StudentPerson[];
let periodId: string;
const GROUP = 'OFF-A';

const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.handle.db;
  admin = await login(t.app, (await createAdmin(db)).loginId);
  const teacher = await createTeacher(db, { groups: [] });
  asTeacher = await login(t.app, teacher.loginId);
  asMentor = await login(t.app, (await createTeacher(db, { groups: [GROUP] })).loginId);
  students = [];
  for (let i = 0; i < 3; i++) students.push(await createStudent(db, { group: GROUP }));
  periodId = await mondayLecture(t, admin, {
    course: 'OF101',
    name: 'Field Work',
    group: GROUP,
    room: 'LH-9',
    teacherId: teacher.loginId,
  });
});
afterAll(() => t.close());

const marksOf = async (date: string) =>
  Object.fromEntries(
    (
      await t.handle.db
        .selectFrom('lecture_marks')
        .select(['roll_no', 'status'])
        .where('period_id', '=', periodId)
        .where('date', '=', date)
        .execute()
    ).map((m) => [m.roll_no, m.status]),
  );

describe('marks made offline', () => {
  it('are saved once however often they are sent again (an answer lost on the way back)', async () => {
    const url = `/api/lectures/${periodId}/2031-01-13/marks`;
    const records = students.map((s) => ({ studentId: s.rollNo, status: 'Present', was: null }));
    for (let i = 0; i < 2; i++) {
      const res = await inject(asTeacher, 'POST', url, { records });
      expect(res.statusCode, res.body).toBe(200);
    }
    const totals = await t.handle.db
      .selectFrom('course_totals')
      .select(['roll_no', 'present'])
      .where('course_code', '=', 'OF101')
      .where(
        'roll_no',
        'in',
        students.map((s) => s.rollNo),
      )
      .execute();
    expect(totals.map((r) => r.present)).toEqual([1, 1, 1]);
  });

  it('marked meanwhile by someone else are answered with both marks, and nothing is saved', async () => {
    const date = '2031-01-20';
    const url = `/api/lectures/${periodId}/${date}/marks`;
    const [a, b, c] = students;
    const theirs = await inject(asMentor, 'POST', url, {
      records: [{ studentId: b!.rollNo, status: 'Absent' }],
    });
    expect(theirs.statusCode, theirs.body).toBe(200);

    const mine = students.map((s) => ({ studentId: s.rollNo, status: 'Present', was: null }));
    const res = await inject(asTeacher, 'POST', url, { records: mine });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: `Marked meanwhile by someone else: ${b!.rollNo}; nothing was marked`,
      conflicts: [{ studentId: b!.rollNo, was: null, theirs: 'Absent', yours: 'Present' }],
    });
    expect(await marksOf(date)).toEqual({ [b!.rollNo]: 'Absent' });

    // The teacher chose theirs for b, and sends the rest; then changes c again, having seen Present.
    const rest = await inject(asTeacher, 'POST', url, {
      records: mine.filter((r) => r.studentId !== b!.rollNo),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const again = await inject(asTeacher, 'POST', url, {
      records: [{ studentId: c!.rollNo, status: 'Absent', was: 'Present' }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await marksOf(date)).toEqual({
      [a!.rollNo]: 'Present',
      [b!.rollNo]: 'Absent',
      [c!.rollNo]: 'Absent',
    });
  });

  it('without what the teacher saw are saved over any mark, as marks made online always were', async () => {
    const date = '2031-01-27';
    const url = `/api/lectures/${periodId}/${date}/marks`;
    const [a] = students;
    expect(
      (await inject(asMentor, 'POST', url, { records: [{ studentId: a!.rollNo, status: 'Absent' }] }))
        .statusCode,
    ).toBe(200);
    const res = await inject(asTeacher, 'POST', url, {
      records: [{ studentId: a!.rollNo, status: 'Present' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await marksOf(date)).toEqual({ [a!.rollNo]: 'Present' });
  });

  it('refuses a `was` that is not a mark, naming it', async () => {
    const res = await inject(asTeacher, 'POST', `/api/lectures/${periodId}/2031-01-27/marks`, {
      records: [{ studentId: students[0]!.rollNo, status: 'Present', was: 'Maybe' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/was/);
  });
});
