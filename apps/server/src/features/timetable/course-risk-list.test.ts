/**
 * The mentors' course risk list: "only those at risk" lists exactly the rows of the whole list that
 * are not OK, in the same order, however the campus counts a Late and whatever a course's own rule.
 * The students stand right at the line, just below it, and only on leave.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

// Monday 3 February 2031; the term runs through March.
const clock = testClock(Date.parse('2031-02-03T09:30:00Z'));
const GROUP = 'RISK-A';
let t: TestApp;
let admin: string;
let asMentor: string;
let students: StudentPerson[];

const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

interface RiskRow {
  RollNo: number;
  course: string;
  state: string;
  percent: number;
}

/** Counted marks of one student in one course, as the lecture marks would have left them. */
async function counted(
  student: StudentPerson,
  course: string,
  present: number,
  late: number,
  absent: number,
  onLeave = 0,
) {
  await t.handle.db
    .insertInto('course_totals')
    .values({
      roll_no: student.rollNo,
      course_code: course,
      present,
      late,
      absent,
      on_leave: onLeave,
      state: 'ok',
    })
    .execute();
}

async function setLate(lateCounts: 'half' | 'absent' | 'present') {
  const res = await inject(admin, 'PUT', '/api/timetable-settings', {
    termStart: '2031-01-06',
    termEnd: '2031-03-28',
    timeZone: 'UTC',
    lateCounts,
    minPercent: 75,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function lists() {
  const risk = await inject(asMentor, 'GET', '/api/course-risk?atRisk=true&limit=100');
  expect(risk.statusCode, risk.body).toBe(200);
  const all = await inject(asMentor, 'GET', '/api/course-risk?limit=100');
  expect(all.statusCode, all.body).toBe(200);
  return {
    atRisk: risk.json<RiskRow[]>(),
    total: Number(risk.headers['x-total-count']),
    all: all.json<RiskRow[]>(),
  };
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.handle.db;
  admin = await login(t.app, (await createAdmin(db)).loginId);
  const mentor = await createTeacher(db, { groups: [GROUP] });
  asMentor = await login(t.app, mentor.loginId);
  students = [];
  for (let i = 0; i < 6; i++) students.push(await createStudent(db, { group: GROUP }));
  await setLate('half');
  for (const course of [
    { code: 'RK101', name: 'Networks', credits: 3 },
    { code: 'RK102', name: 'Compilers', credits: 4, minPercent: 80 },
    { code: 'RK103', name: 'Electives', credits: 1, minPercent: 29 },
  ]) {
    const res = await inject(admin, 'POST', '/api/courses', course);
    expect(res.statusCode, res.body).toBe(201);
  }
  const teacher = await createTeacher(db, { groups: [] });
  for (const [course, start, end] of [
    ['RK101', '09:00', '09:50'],
    ['RK102', '10:00', '10:50'],
    ['RK103', '11:00', '11:50'],
  ] as const) {
    const res = await inject(admin, 'POST', '/api/periods', {
      course,
      group: GROUP,
      weekday: 2,
      start,
      end,
      room: 'LH-9',
      teacherId: teacher.loginId,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const [atLine, lateTwice, underOwnRule, onLeave, farBelow, justBelow] = students as [
    StudentPerson,
    StudentPerson,
    StudentPerson,
    StudentPerson,
    StudentPerson,
    StudentPerson,
  ];
  await counted(atLine, 'RK101', 3, 0, 1); // 75 %: on the line, not below it
  await counted(lateTwice, 'RK101', 2, 2, 0); // 75 % with a Late counted half, 50 % counted absent
  await counted(underOwnRule, 'RK102', 7, 0, 2); // 77.8 %: above 75, below Compilers' own 80
  await counted(onLeave, 'RK101', 0, 0, 0, 5); // nothing held
  await counted(farBelow, 'RK101', 1, 0, 9); // 10 %
  await counted(justBelow, 'RK103', 29, 0, 71); // 29 % of a 29 % rule: 29 / 100 × 100 is 28.999… once divided
  await counted(justBelow, 'RK102', 79, 0, 21); // 79 % of 80
});
afterAll(() => t.close());

it('lists exactly the rows of the whole list that are not OK, in its order, with the count', async () => {
  const { atRisk, total, all } = await lists();
  expect(atRisk).toEqual(all.filter((r) => r.state !== 'ok'));
  expect(total).toBe(atRisk.length);
  const listed = (student: StudentPerson, course: string) =>
    atRisk.some((r) => r.RollNo === student.rollNo && r.course === course);
  const [atLine, lateTwice, underOwnRule, onLeave, farBelow, justBelow] = students;
  expect(listed(atLine!, 'RK101')).toBe(false);
  expect(listed(lateTwice!, 'RK101')).toBe(false);
  expect(listed(underOwnRule!, 'RK102')).toBe(true);
  expect(listed(onLeave!, 'RK101')).toBe(false);
  expect(listed(farBelow!, 'RK101')).toBe(true);
  expect(listed(justBelow!, 'RK103')).toBe(false);
  expect(listed(justBelow!, 'RK102')).toBe(true);
});

it("follows the campus's Late rule: two Lates of four count as absences when the campus says so", async () => {
  await setLate('absent');
  try {
    const { atRisk, all } = await lists();
    expect(atRisk).toEqual(all.filter((r) => r.state !== 'ok'));
    expect(atRisk.some((r) => r.RollNo === students[1]!.rollNo && r.course === 'RK101')).toBe(true);
  } finally {
    await setLate('half');
  }
});
