import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendancePercentage, MESSAGES, type AttendanceRecord } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';
import { latestMarkableDate } from './routes';

let t: TestApp;
let teacher: Person;
let otherTeacher: Person;
let teacherToken: string;
let otherTeacherToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t.handle.db);
  otherTeacher = await createTeacher(t.handle.db);
  teacherToken = await login(t.app, teacher.loginId);
  otherTeacherToken = await login(t.app, otherTeacher.loginId);
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const newGroup = () => `G-${randomUUID().slice(0, 8)}`;
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const mark = (payload: unknown, token = teacherToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mark-attendance',
    payload: payload as object,
    headers: token ? bearer(token) : {}, // '' sends no token
  });
const rowsOf = (rollNos: number[]) =>
  t.handle.db
    .selectFrom('attendance')
    .selectAll()
    .where('roll_no', 'in', rollNos)
    .orderBy('roll_no')
    .orderBy('date')
    .execute();
async function studentsOf(group: string, count: number): Promise<StudentPerson[]> {
  const people: StudentPerson[] = [];
  for (let i = 0; i < count; i++) people.push(await createStudent(t.handle.db, { group }));
  return people;
}

describe('GET /api/students', () => {
  it('lists one group by roll number with _id, name, RollNo and group', async () => {
    const group = newGroup();
    const [a, b] = await studentsOf(group, 2);
    await studentsOf(newGroup(), 1);
    const res = await get(`/api/students?group=${encodeURIComponent(group)}`, teacherToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: a!.accountId, name: a!.name, RollNo: a!.rollNo, group },
      { _id: b!.accountId, name: b!.name, RollNo: b!.rollNo, group },
    ]);
    expect(res.body).not.toMatch(/password|argon/i);
  });

  it('answers an empty group with 200 [] and pages with limit and offset', async () => {
    expect((await get(`/api/students?group=${newGroup()}`, teacherToken)).json()).toEqual([]);
    const group = newGroup();
    const people = await studentsOf(group, 3);
    const res = await get(`/api/students?group=${group}&limit=1&offset=1`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ RollNo: number }[]>().map((s) => s.RollNo)).toEqual([people[1]!.rollNo]);
  });

  it('allows a whole group of up to 500 at once and refuses more with 400 naming limit', async () => {
    expect((await get('/api/students?limit=500', teacherToken)).statusCode).toBe(200);
    const res = await get('/api/students?limit=501', teacherToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/limit/);
  });

  it('is for teachers and admins only', async () => {
    const s = await createStudent(t.handle.db);
    expect((await get('/api/students')).statusCode).toBe(401);
    expect((await get('/api/students', await login(t.app, s.loginId))).statusCode).toBe(403);
  });
});

describe('POST /api/mark-attendance', () => {
  it('marks a day, answers the §8 message and count, and the marker is the signed-in teacher', async () => {
    const [a, b] = await studentsOf(newGroup(), 2);
    const res = await mark({
      date: '2025-03-03',
      attendanceRecords: [
        { studentId: a!.rollNo, status: 'Present', markedBy: 'placeholder-teacher' },
        { studentId: String(b!.rollNo), status: 'Absent' },
      ],
      markedBy: otherTeacher.accountId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.attendance.marked, count: 2 });
    const rows = await rowsOf([a!.rollNo, b!.rollNo]);
    expect(rows.map((r) => [r.roll_no, r.date, r.status, r.marked_by])).toEqual([
      [a!.rollNo, '2025-03-03', 'Present', teacher.accountId],
      [b!.rollNo, '2025-03-03', 'Absent', teacher.accountId],
    ]);
  });

  it('re-marking the same student and day updates that day instead of adding one', async () => {
    const [a, b] = await studentsOf(newGroup(), 2);
    const day = '2025-03-04';
    await mark({
      date: day,
      attendanceRecords: [
        { studentId: a!.rollNo, status: 'Present' },
        { studentId: b!.rollNo, status: 'Present' },
      ],
    });
    const again = await mark(
      { date: day, attendanceRecords: [{ studentId: a!.rollNo, status: 'Absent' }] },
      otherTeacherToken,
    );
    expect(again.statusCode).toBe(200);
    const rows = await rowsOf([a!.rollNo, b!.rollNo]);
    expect(rows.map((r) => [r.roll_no, r.status, r.marked_by])).toEqual([
      [a!.rollNo, 'Absent', otherTeacher.accountId],
      [b!.rollNo, 'Present', teacher.accountId],
    ]);
  });

  it('re-marking a student with the same status keeps who marked them and when', async () => {
    const [a] = await studentsOf(newGroup(), 1);
    const day = '2025-03-05';
    await mark({ date: day, attendanceRecords: [{ studentId: a!.rollNo, status: 'Present' }] });
    const [first] = await rowsOf([a!.rollNo]);
    const again = await mark(
      { date: day, attendanceRecords: [{ studentId: a!.rollNo, status: 'Present' }] },
      otherTeacherToken,
    );
    expect(again.json()).toEqual({ message: MESSAGES.attendance.marked, count: 1 });
    expect(await rowsOf([a!.rollNo])).toEqual([first]);
  });

  it('rejects the whole request when one status is bad, naming the field, and writes nothing', async () => {
    const [a, b] = await studentsOf(newGroup(), 2);
    const res = await mark({
      date: '2025-03-05',
      attendanceRecords: [
        { studentId: a!.rollNo, status: 'Present' },
        { studentId: b!.rollNo, status: 'Late' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('attendanceRecords.1.status must be Present, Absent or On leave');
    expect(await rowsOf([a!.rollNo, b!.rollNo])).toEqual([]);
  });

  it('rejects the whole request when one student is unknown, naming them, and writes nothing', async () => {
    const [a] = await studentsOf(newGroup(), 1);
    const res = await mark({
      date: '2025-03-06',
      attendanceRecords: [
        { studentId: a!.rollNo, status: 'Present' },
        { studentId: 987654321, status: 'Absent' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/attendanceRecords: no student with roll number 987654321/);
    expect(await rowsOf([a!.rollNo])).toEqual([]);
  });

  it('names an unknown student beside marks that change nothing, and keeps the day as it was', async () => {
    const [a] = await studentsOf(newGroup(), 1);
    const date = '2025-03-07';
    expect(
      (await mark({ date, attendanceRecords: [{ studentId: a!.rollNo, status: 'Present' }] })).statusCode,
    ).toBe(200);
    const res = await mark({
      date,
      attendanceRecords: [
        { studentId: a!.rollNo, status: 'Present' },
        { studentId: 987654322, status: 'Present' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no student with roll number 987654322; nothing was marked/);
    expect(await rowsOf([a!.rollNo])).toEqual([expect.objectContaining({ status: 'Present' })]);
  });

  it('refuses a student listed twice, a bad or future date, an empty list and non-numeric ids', async () => {
    const [a] = await studentsOf(newGroup(), 1);
    const one = [{ studentId: a!.rollNo, status: 'Present' }];
    const cases: [unknown, RegExp][] = [
      [
        {
          date: '2025-03-07',
          attendanceRecords: [...one, { studentId: String(a!.rollNo), status: 'Absent' }],
        },
        /attendanceRecords\.1\.studentId lists student \d+ more than once/,
      ],
      [{ date: '07/03/2025', attendanceRecords: one }, /^date must be a date in the form YYYY-MM-DD/],
      [{ date: '2025-02-30', attendanceRecords: one }, /^date /],
      [{ attendanceRecords: one }, /^date /],
      [{ date: '2999-01-01', attendanceRecords: one }, /date cannot be in the future/],
      [{ date: '0025-03-07', attendanceRecords: one }, /^date must not be before 2000-01-01$/],
      [{ date: '1999-12-31', attendanceRecords: one }, /^date must not be before 2000-01-01$/],
      [{ date: '2025-03-07', attendanceRecords: [] }, /attendanceRecords must contain at least one record/],
      [{ date: '2025-03-07' }, /attendanceRecords/],
      [
        { date: '2025-03-07', attendanceRecords: [{ studentId: 'abc', status: 'Present' }] },
        /attendanceRecords\.0\.studentId must be a roll number/,
      ],
      [
        { date: '2025-03-07', attendanceRecords: [{ studentId: true, status: 'Present' }] },
        /attendanceRecords\.0\.studentId must be a roll number/,
      ],
      [
        {
          date: '2025-03-07',
          attendanceRecords: Array.from({ length: 1001 }, (_, i) => ({
            studentId: i + 1,
            status: 'Present',
          })),
        },
        /attendanceRecords must contain at most 1000 records/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await mark(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await rowsOf([a!.rollNo])).toEqual([]);
  });

  it('accepts up to tomorrow in UTC, the local "today" of a client ahead of UTC, at a campus in UTC', async () => {
    expect(latestMarkableDate(Date.parse('2025-06-30T23:30:00Z'), 'UTC')).toBe('2025-07-01');
    expect(latestMarkableDate(Date.parse('2024-02-28T00:00:00Z'), 'UTC')).toBe('2024-02-29');
    // A campus with its own zone: its own day, never the next.
    expect(latestMarkableDate(Date.parse('2025-06-30T23:30:00Z'), 'Asia/Kolkata')).toBe('2025-07-01');
    expect(latestMarkableDate(Date.parse('2025-06-30T17:30:00Z'), 'Asia/Kolkata')).toBe('2025-06-30');
    const [a] = await studentsOf(newGroup(), 1);
    const res = await mark({
      date: latestMarkableDate(Date.now(), 'UTC'),
      attendanceRecords: [{ studentId: a!.rollNo, status: 'Present' }],
    });
    expect(res.statusCode).toBe(200);
  });

  it('marks 200 students in one request, all at the same moment', async () => {
    const people = await studentsOf(newGroup(), 200);
    const res = await mark({
      date: '2025-03-10',
      attendanceRecords: people.map((p, i) => ({
        studentId: p.rollNo,
        status: i % 10 === 0 ? 'Absent' : 'Present',
      })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.attendance.marked, count: 200 });
    const rows = await rowsOf(people.map((p) => p.rollNo));
    expect(rows).toHaveLength(200);
    expect(rows.filter((r) => r.status === 'Absent')).toHaveLength(20);
    expect(new Set(rows.map((r) => r.marked_at)).size).toBe(1);
  });

  it('is for teachers only', async () => {
    const s = await createStudent(t.handle.db);
    const payload = { date: '2025-03-11', attendanceRecords: [{ studentId: s.rollNo, status: 'Present' }] };
    expect((await mark(payload, '')).statusCode).toBe(401);
    expect((await mark(payload, await login(t.app, s.loginId))).statusCode).toBe(403);
    expect((await mark(payload, adminToken)).statusCode).toBe(403);
    expect(await rowsOf([s.rollNo])).toEqual([]);
  });
});

describe('GET /api/attendance-marks', () => {
  it("answers the group's marks of that day only", async () => {
    const group = newGroup();
    const [a, b, c] = await studentsOf(group, 3);
    const [outsider] = await studentsOf(newGroup(), 1);
    await mark({
      date: '2025-04-01',
      attendanceRecords: [
        { studentId: b!.rollNo, status: 'Absent' },
        { studentId: a!.rollNo, status: 'Present' },
        { studentId: outsider!.rollNo, status: 'Present' },
      ],
    });
    await mark({ date: '2025-04-02', attendanceRecords: [{ studentId: c!.rollNo, status: 'Present' }] });
    const res = await get(`/api/attendance-marks?group=${group}&date=2025-04-01`, teacherToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { studentId: a!.rollNo, status: 'Present' },
      { studentId: b!.rollNo, status: 'Absent' },
    ]);
    const none = await get(`/api/attendance-marks?group=${group}&date=2025-04-03`, adminToken);
    expect(none.json()).toEqual([]);
  });

  it('requires group and date, and is for teachers and admins only', async () => {
    const missing = await get('/api/attendance-marks?date=2025-04-01', teacherToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/group/);
    const badDate = await get('/api/attendance-marks?group=G-1&date=yesterday', teacherToken);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toMatch(/date/);
    const s = await createStudent(t.handle.db);
    const url = '/api/attendance-marks?group=G-1&date=2025-04-01';
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, await login(t.app, s.loginId))).statusCode).toBe(403);
  });
});

describe('GET /api/attendance/:rollNo', () => {
  it('shows a student their own record newest first, and the percentage follows it', async () => {
    const s = await createStudent(t.handle.db, { group: newGroup() });
    const token = await login(t.app, s.loginId);
    const history = async () => {
      const res = await get(`/api/attendance/${s.rollNo}`, token);
      expect(res.statusCode).toBe(200);
      return res.json<AttendanceRecord[]>();
    };
    expect(await history()).toEqual([]);
    expect(attendancePercentage(await history())).toBe(0);

    await mark({ date: '2025-05-01', attendanceRecords: [{ studentId: s.rollNo, status: 'Present' }] });
    expect(attendancePercentage(await history())).toBe(100);

    await mark({ date: '2025-05-03', attendanceRecords: [{ studentId: s.rollNo, status: 'Absent' }] });
    await mark({ date: '2025-05-02', attendanceRecords: [{ studentId: s.rollNo, status: 'Present' }] });
    const records = await history();
    expect(records).toEqual([
      { date: '2025-05-03', status: 'Absent' },
      { date: '2025-05-02', status: 'Present' },
      { date: '2025-05-01', status: 'Present' },
    ]);
    expect(attendancePercentage(records)).toBe(66.67);

    const paged = await get(`/api/attendance/${s.rollNo}?limit=1&offset=1`, token);
    expect(paged.json()).toEqual([{ date: '2025-05-02', status: 'Present' }]);
    expect(paged.headers['x-total-count']).toBe('3');
    const past = await get(`/api/attendance/${s.rollNo}?limit=2&offset=5`, token);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
  });

  it('answers a student without a mark an empty list with a total of 0, on every page', async () => {
    const s = await createStudent(t.handle.db, { group: newGroup() });
    const token = await login(t.app, s.loginId);
    for (const query of ['', '?limit=20', '?limit=20&offset=20']) {
      const res = await get(`/api/attendance/${s.rollNo}${query}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    }
    expect((await get('/api/attendance/987654321?limit=20&offset=20', teacherToken)).statusCode).toBe(404);
  });

  it("refuses a student reading another's attendance with 403, even a roll number that does not exist", async () => {
    const me = await createStudent(t.handle.db);
    const other = await createStudent(t.handle.db);
    const token = await login(t.app, me.loginId);
    const res = await get(`/api/attendance/${other.rollNo}`, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/own records/);
    expect((await get('/api/attendance/987654321', token)).statusCode).toBe(403);
  });

  it('lets teachers and admins read any student, answers 404 for an unknown one and 400 for a bad one', async () => {
    const s = await createStudent(t.handle.db);
    await mark({ date: '2025-05-05', attendanceRecords: [{ studentId: s.rollNo, status: 'Absent' }] });
    for (const token of [teacherToken, adminToken]) {
      const res = await get(`/api/attendance/${s.rollNo}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ date: '2025-05-05', status: 'Absent' }]);
    }
    const unknown = await get('/api/attendance/987654321', teacherToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/987654321/);
    const bad = await get('/api/attendance/abc', teacherToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/rollNo/);
    expect((await get(`/api/attendance/${s.rollNo}`)).statusCode).toBe(401);
  });
});
