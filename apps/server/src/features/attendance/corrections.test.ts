import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type Person,
} from '../../../test/fixtures';
import { latestMarkableDate } from './routes';

let t: TestApp;
let teacher: Person;
let teacherToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t.handle.db);
  teacherToken = await login(t.app, teacher.loginId);
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const mark = (date: string, records: [number, 'Present' | 'Absent'][]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mark-attendance',
    headers: bearer(teacherToken),
    payload: { date, attendanceRecords: records.map(([studentId, status]) => ({ studentId, status })) },
  });

async function groupOf(count: number): Promise<{ group: string; rollNos: number[] }> {
  const group = `G-${randomUUID().slice(0, 8)}`;
  const rollNos: number[] = [];
  for (let i = 0; i < count; i++) rollNos.push((await createStudent(t.handle.db, { group })).rollNo);
  return { group, rollNos };
}

/** The teacher's audit entries of one kind for one day, newest first. */
async function auditOf(kind: string, date: string) {
  const res = await t.app.inject({
    url: '/api/audit-log',
    query: { kind, actor: String(teacher.loginId) },
    headers: bearer(adminToken),
  });
  expect(res.statusCode).toBe(200);
  return res
    .json<{ kind: string; actorLoginId: number; target: string; detail: string }[]>()
    .filter((entry) => entry.target === date);
}

describe('marking a past day and correcting it', () => {
  it('marks a past class day, which then reads back for its group', async () => {
    const { group, rollNos } = await groupOf(2);
    const res = await mark('2024-01-15', [
      [rollNos[0]!, 'Present'],
      [rollNos[1]!, 'Absent'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.attendance.marked, count: 2 });
    const marks = await t.app.inject({
      url: `/api/attendance-marks?group=${group}&date=2024-01-15`,
      headers: bearer(teacherToken),
    });
    expect(marks.json()).toEqual([
      { studentId: rollNos[0], status: 'Present' },
      { studentId: rollNos[1], status: 'Absent' },
    ]);
  });

  it('refuses a future date with 400 naming it, and writes nothing', async () => {
    const { group, rollNos } = await groupOf(1);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(future > latestMarkableDate(Date.now(), 'UTC')).toBe(true);
    const res = await mark(future, [[rollNos[0]!, 'Present']]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `date cannot be in the future: ${future} is after today; mark today or a past day`,
    );
    const marks = await t.app.inject({
      url: `/api/attendance-marks?group=${group}&date=${future}`,
      headers: bearer(teacherToken),
    });
    expect(marks.json()).toEqual([]);
  });

  it('answers and audits a correction with each student old → new; a first mark or the same status is none', async () => {
    const { rollNos } = await groupOf(3);
    const [a, b, c] = rollNos as [number, number, number];
    const day = '2024-02-20';
    const first = await mark(day, [
      [a, 'Present'],
      [b, 'Absent'],
    ]);
    expect(first.json()).toEqual({ message: MESSAGES.attendance.marked, count: 2 });
    expect(await auditOf('attendance.correct', day)).toEqual([]);

    // a corrected, b unchanged, c marked for the first time.
    const again = await mark(day, [
      [a, 'Absent'],
      [b, 'Absent'],
      [c, 'Present'],
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: MESSAGES.attendance.marked,
      count: 3,
      corrected: [{ studentId: a, from: 'Present', to: 'Absent' }],
    });
    expect(await auditOf('attendance.correct', day)).toEqual([
      expect.objectContaining({
        kind: 'attendance.correct',
        actorLoginId: teacher.loginId,
        target: day,
        detail: `1 corrected: ${a} Present → Absent`,
      }),
    ]);
    expect(await auditOf('attendance.mark', day)).toHaveLength(2);

    const same = await mark(day, [[a, 'Absent']]);
    expect(same.json()).toEqual({ message: MESSAGES.attendance.marked, count: 1 });
    expect(await auditOf('attendance.correct', day)).toHaveLength(1);
  });
});

describe("each student's attendance totals", () => {
  /** The totals the triggers keep, and the same counted from the marks themselves. */
  async function totals(rollNos: number[]) {
    const kept = await t.handle.db
      .selectFrom('attendance_totals')
      .select(['roll_no', 'days_marked', 'days_present'])
      .where('roll_no', 'in', rollNos)
      .orderBy('roll_no')
      .execute();
    const marks = await t.handle.db
      .selectFrom('attendance')
      .select(['roll_no', 'status'])
      .where('roll_no', 'in', rollNos)
      .execute();
    const counted = rollNos.map((rollNo) => {
      const own = marks.filter((m) => m.roll_no === rollNo);
      return {
        roll_no: rollNo,
        days_marked: own.length,
        days_present: own.filter((m) => m.status === 'Present').length,
      };
    });
    return { kept, counted };
  }

  it('follow first marks, corrections, unchanged re-marks and a mark deleted', async () => {
    const { rollNos } = await groupOf(3);
    const [a, b, c] = rollNos as [number, number, number];
    expect(
      (
        await mark('2024-03-04', [
          [a, 'Present'],
          [b, 'Absent'],
          [c, 'Present'],
        ])
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await mark('2024-03-05', [
          [a, 'Absent'],
          [b, 'Absent'],
        ])
      ).statusCode,
    ).toBe(200);
    // A correction both ways, and a status marked again unchanged.
    expect(
      (
        await mark('2024-03-04', [
          [a, 'Absent'],
          [b, 'Present'],
          [c, 'Present'],
        ])
      ).statusCode,
    ).toBe(200);
    const after = await totals(rollNos);
    expect(after.kept).toEqual(after.counted);
    expect(after.kept).toEqual([
      { roll_no: a, days_marked: 2, days_present: 0 },
      { roll_no: b, days_marked: 2, days_present: 1 },
      { roll_no: c, days_marked: 1, days_present: 1 },
    ]);
    // Marks deleted with a day taken back count out again.
    await t.handle.db
      .deleteFrom('attendance')
      .where('roll_no', '=', b)
      .where('date', '=', '2024-03-04')
      .execute();
    const deleted = await totals(rollNos);
    expect(deleted.kept).toEqual(deleted.counted);
  });
});
