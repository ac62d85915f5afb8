/**
 * The spec's own Mark Attendance screen on the demo campus: it marks a whole group Present in one
 * request, while a student of the group holds a gate pass approved for later today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, login } from '../../../test/fixtures';
import { seedDemoCampus } from '../../db/seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCampus(t.handle.db, t.handle.dialect);
}, 60_000);
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe("the spec client's whole-group mark", () => {
  it('answers 200 and marks everyone Present though 230002 holds an approved pass for today', async () => {
    const pass = await t.handle.db
      .selectFrom('gate_passes')
      .select(['time', 'exited_at'])
      .where('roll_no', '=', 230002)
      .where('status', '=', 'approved')
      .where('date', '=', today())
      .executeTakeFirst();
    expect(pass).toMatchObject({ time: '16:30', exited_at: null });

    const token = await login(t.app, 500001, 'campus123');
    const students = await t.app.inject({ method: 'GET', url: '/api/students', headers: bearer(token) });
    expect(students.statusCode).toBe(200);
    const group = students
      .json<{ RollNo: number; group: string }[]>()
      .find((s) => s.RollNo === 230002)!.group;
    const inGroup = students.json<{ RollNo: number; group: string }[]>().filter((s) => s.group === group);

    // Exactly what the spec's client sends: every student Present, its placeholder marker, today.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mark-attendance',
      headers: bearer(token),
      payload: {
        attendanceRecords: inGroup.map((s) => ({
          studentId: s.RollNo,
          status: 'Present',
          markedBy: 'teacherIdPlaceholder',
        })),
        date: today(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.attendance.marked, count: inGroup.length });
    expect(res.json()).not.toHaveProperty('keptOnLeave');

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/attendance/230002',
      headers: bearer(token),
    });
    expect(history.statusCode).toBe(200);
    expect(history.json<{ date: string; status: string }[]>()[0]).toEqual({
      date: today(),
      status: 'Present',
    });
  });
});
