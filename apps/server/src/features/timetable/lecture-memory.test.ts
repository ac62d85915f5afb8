/**
 * A lecture's roster, a day's lectures and a student's attendance by course are kept in memory per
 * group and per student: a mark made on one server shows on another at once, and a mark of one
 * group leaves another group's answers as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseStandings, LectureRoster, TimetableDay } from '@campus/contract';
import { createTestPair, testClock, type TestApp } from '../../../test/app';
import { mondayLecture } from '../../../test/lectures';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

// Monday 3 February 2031, 12:30 UTC: the 09:00 lecture of that day has begun.
const clock = testClock(Date.parse('2031-02-03T12:30:00Z'));
const DAY = '2031-02-03';
let pair: Awaited<ReturnType<typeof createTestPair>>;
let first: TestApp;
let second: TestApp;
let asTeacher: string;
let asStudent: string;
let students: StudentPerson[];
let periodId: string;
let otherPeriodId: string;

beforeAll(async () => {
  pair = await createTestPair({ now: clock.now });
  ({ first, second } = pair);
  const db = first.handle.db;
  const admin = await login(first.app, (await createAdmin(db)).loginId);
  const teacher = await createTeacher(db, { groups: [] });
  asTeacher = await login(first.app, teacher.loginId);
  students = [];
  for (let i = 0; i < 3; i++) students.push(await createStudent(db, { group: 'MEM-A' }));
  await createStudent(db, { group: 'MEM-B' });
  asStudent = await login(second.app, students[0]!.loginId);
  periodId = await mondayLecture(first, admin, {
    course: 'ME101',
    name: 'Memory Studies',
    group: 'MEM-A',
    room: 'M-1',
    teacherId: teacher.loginId,
  });
  const other = await first.app.inject({
    method: 'POST',
    url: '/api/periods',
    headers: bearer(admin),
    payload: {
      course: 'ME101',
      group: 'MEM-B',
      weekday: 1,
      start: '10:00',
      end: '10:50',
      room: 'M-2',
      teacherId: teacher.loginId,
    },
  });
  expect(other.statusCode, other.body).toBe(201);
  otherPeriodId = other.json<{ period: { _id: string } }>().period._id;
});
afterAll(() => pair.close());

const get = async <T>(instance: TestApp, token: string, url: string): Promise<T> => {
  const res = await instance.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const roster = (instance: TestApp) =>
  get<LectureRoster>(instance, asTeacher, `/api/lectures/${periodId}/${DAY}`);
const teacherDay = (instance: TestApp) =>
  get<TimetableDay>(instance, asTeacher, `/api/timetable/day?date=${DAY}`);
const studentDay = (instance: TestApp) =>
  get<TimetableDay>(instance, asStudent, `/api/timetable/day?date=${DAY}`);
const standings = (instance: TestApp) =>
  get<CourseStandings>(instance, asStudent, `/api/attendance-courses/${students[0]!.rollNo}`);

const mark = (instance: TestApp, status: string) =>
  instance.app.inject({
    method: 'POST',
    url: `/api/lectures/${periodId}/${DAY}/marks`,
    headers: bearer(asTeacher),
    payload: { records: students.map((s) => ({ studentId: s.rollNo, status })) },
  });

describe("a lecture's marks, kept in memory", () => {
  it('show on the other server as soon as a mark is answered, each time it changes', async () => {
    for (const [round, status] of ['Present', 'Absent', 'Present'].entries()) {
      // The other server has every answer in memory, twice over.
      for (let i = 0; i < 2; i++) {
        await Promise.all([roster(second), teacherDay(second), studentDay(second), standings(second)]);
      }
      const res = await mark(round % 2 === 0 ? first : second, status);
      expect(res.statusCode, res.body).toBe(200);
      const reader = round % 2 === 0 ? second : first;

      expect((await roster(reader)).students.map((s) => s.status)).toEqual(students.map(() => status));
      const day = await teacherDay(reader);
      expect(day.lectures.map((l) => [l._id, l.marked])).toEqual([
        [periodId, true],
        [otherPeriodId, false],
      ]);
      expect((await studentDay(reader)).lectures.map((l) => l.marked)).toEqual([true]);
      const course = (await standings(reader)).courses.find((c) => c.course === 'ME101')!;
      expect(course.held).toBe(1);
      expect(course.attended).toBe(status === 'Present' ? 1 : 0);
    }
  });
});
