/**
 * What a lecture's mark writes besides its marks, in their transaction: its audit entry, and its
 * count against the teacher's hourly allowance. A refused mark leaves neither; a mark over the
 * allowance is refused with nothing of it kept.
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
/** The teacher's allowance of writes an hour, small enough to reach. */
const ALLOWANCE = 4;
const GROUP = 'LMW-A';
let t: TestApp;
let asTeacher: string;
let teacherLogin: number;
let students: StudentPerson[];
let periodId: string;

const inject = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, writeLimits: { other: ALLOWANCE } });
  const db = t.handle.db;
  const admin = await login(t.app, (await createAdmin(db)).loginId);
  const teacher = await createTeacher(db, { groups: [] });
  teacherLogin = teacher.loginId;
  asTeacher = await login(t.app, teacher.loginId);
  students = [];
  for (let i = 0; i < 3; i++) students.push(await createStudent(db, { group: GROUP }));
  periodId = await mondayLecture(t, admin, {
    course: 'LM101',
    name: 'Lab Methods',
    group: GROUP,
    room: 'LH-4',
    teacherId: teacher.loginId,
  });
});
afterAll(() => t.close());

const entries = () =>
  t.handle.db
    .selectFrom('audit_log')
    .select(['kind', 'target', 'detail', 'actor_login_id'])
    .where('kind', 'in', ['lecture.mark', 'write.limit'])
    .orderBy('at')
    .execute();

const marked = async (date: string) =>
  (
    await t.handle.db
      .selectFrom('lecture_marks')
      .select('roll_no')
      .where('period_id', '=', periodId)
      .where('date', '=', date)
      .execute()
  ).length;

const mark = (date: string, status = 'Present') =>
  inject(asTeacher, 'POST', `/api/lectures/${periodId}/${date}/marks`, {
    records: students.map((s) => ({ studentId: s.rollNo, status })),
  });

describe("a lecture mark's audit entry and allowance", () => {
  it('are written with the mark, and not for a refused one; past the allowance nothing is kept', async () => {
    const refused = await inject(asTeacher, 'POST', `/api/lectures/${periodId}/2031-01-13/marks`, {
      records: [{ studentId: students[0]!.rollNo, status: 'Late', lateMinutes: 0 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await entries()).toEqual([]);

    const days = ['2031-01-13', '2031-01-20', '2031-01-27', '2031-02-03'];
    for (const [i, day] of days.entries()) {
      const res = await mark(day, i % 2 === 0 ? 'Present' : 'Absent');
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await entries()).toEqual(
      days.map((day) => ({
        kind: 'lecture.mark',
        target: `${periodId} ${day}`,
        detail: '3 records',
        actor_login_id: teacherLogin,
      })),
    );

    // The allowance is used up: the next mark is refused, with nothing of it kept.
    const over = await mark('2031-01-13', 'Absent');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/an hour/);
    const statuses = await t.handle.db
      .selectFrom('lecture_marks')
      .select('status')
      .distinct()
      .where('period_id', '=', periodId)
      .where('date', '=', '2031-01-13')
      .execute();
    expect(statuses).toEqual([{ status: 'Present' }]);
    expect(await marked('2031-01-13')).toBe(3);
    const after = await entries();
    expect(after.filter((e) => e.kind === 'lecture.mark')).toHaveLength(days.length);
    expect(after.filter((e) => e.kind === 'write.limit')).toHaveLength(1);
  });
});
