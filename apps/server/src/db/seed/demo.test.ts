import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  clashesOf,
  misplacedMarks,
  seededPeriods,
  seededTerm,
  totalsMismatches,
} from '../../../test/timetable-checks';
import { seedDemoCampus } from './demo';

const NOW = new Date();
const TODAY = NOW.toISOString().slice(0, 10);
let t: TestApp;
let seededCount: number;
beforeAll(async () => {
  t = await createTestApp();
  // Two servers starting at once: exactly one seeds.
  const results = await Promise.all([
    seedDemoCampus(t.handle.db, t.handle.dialect, NOW),
    seedDemoCampus(t.handle.db, t.handle.dialect, NOW),
  ]);
  seededCount = results.filter(Boolean).length;
}, 60_000);
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) =>
  Number((await query.execute(t.handle.db)).rows[0]!.n);

describe('demo campus', () => {
  it('is created once, however many servers start together', async () => {
    expect(seededCount).toBe(1);
    expect(await seedDemoCampus(t.handle.db, t.handle.dialect)).toBe(false);
    expect(await count(sql`select count(*) as n from accounts`)).toBe(69);
  });

  it('has the documented accounts, all signing in with campus123', async () => {
    for (const [userId, role] of [
      [900001, 'admin'],
      [700001, 'guard'],
      [500001, 'teacher'],
      [500002, 'teacher'],
      [230001, 'student'],
      [230002, 'student'],
      [230003, 'student'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { userId: String(userId), password: 'campus123' },
      });
      expect(res.statusCode, String(userId)).toBe(200);
      expect(res.json<{ role: string }>().role).toBe(role);
    }
  });

  it('puts 230001 and 230002 in the group of mentor 500001, and 230003 with mentor 500002', async () => {
    const group = async (rollNo: number) =>
      (
        await t.handle.db
          .selectFrom('students')
          .select('group_name')
          .where('roll_no', '=', rollNo)
          .executeTakeFirstOrThrow()
      ).group_name;
    const mentored = async (teacherId: number) =>
      (
        await t.handle.db
          .selectFrom('teacher_groups')
          .innerJoin('teachers', 'teachers.account_id', 'teacher_groups.teacher_account_id')
          .select('group_name')
          .where('teacher_id', '=', teacherId)
          .execute()
      ).map((r) => r.group_name);
    expect(await group(230001)).toBe(await group(230002));
    expect(await group(230003)).not.toBe(await group(230001));
    expect(await mentored(500001)).toContain(await group(230001));
    expect(await mentored(500002)).toContain(await group(230003));
  });

  it('holds every kind of data the portal shows', async () => {
    const groups = await sql<{
      g: string;
      n: number | string;
    }>`select group_name as g, count(*) as n from students group by group_name`.execute(t.handle.db);
    expect(groups.rows.length).toBeGreaterThanOrEqual(3);
    for (const row of groups.rows) expect(Number(row.n)).toBeGreaterThanOrEqual(20);
    expect(
      await count(
        sql`select count(*) as n from students where father_name is null or dob is null or phone_no is null`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from performance`)).toBe(
      await count(sql`select count(*) as n from students`),
    );
    expect(await count(sql`select count(distinct date) as n from attendance`)).toBe(30);
    expect(await count(sql`select count(distinct status) as n from gate_passes`)).toBe(3);
    expect(await count(sql`select count(*) as n from queries where solution is null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from queries where solution is not null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from syllabus`)).toBe(8);
    expect(await count(sql`select count(*) as n from faq`)).toBe(26);
    for (const table of ['mentor_notices', 'events', 'notices', 'support_messages']) {
      expect(await count(sql`select count(*) as n from ${sql.table(table)}`), table).toBeGreaterThan(0);
    }
  });

  it('has six lectures every school day for every group, none clashing, all over before 16:30', async () => {
    const periods = await seededPeriods(t.handle.db);
    const groups = await t.handle.db.selectFrom('groups').select('name').execute();
    for (const { name } of groups) {
      for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
        const lectures = periods.filter((p) => p.group === name && p.weekday === weekday);
        expect(lectures, `${name} on weekday ${weekday}`).toHaveLength(weekday <= 5 ? 6 : 0);
      }
      const courses = new Set(periods.filter((p) => p.group === name).map((p) => p.course));
      expect(courses.size, name).toBeGreaterThanOrEqual(5);
      expect(courses.size, name).toBeLessThanOrEqual(6);
    }
    expect(clashesOf(periods)).toEqual([]);
    // Student 230002's approved pass today at 16:30 leaves after the day's last lecture.
    const pass = await t.handle.db
      .selectFrom('gate_passes')
      .select('time')
      .where('roll_no', '=', 230002)
      .where('date', '=', TODAY)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    expect(pass.time).toBe('16:30');
    expect(periods.every((p) => p.end <= pass.time)).toBe(true);
    const teachers = await t.handle.db.selectFrom('teachers').select('account_id').execute();
    const teacherIds = new Set(teachers.map((r) => r.account_id));
    expect(periods.every((p) => teacherIds.has(p.teacher))).toBe(true);
  });

  it('has a term around today with a holiday behind and one ahead, and a mark for every lecture held', async () => {
    const { settings, holidays, past, remaining } = await seededTerm(t.handle.db, TODAY);
    expect(settings.termStart < TODAY && TODAY < settings.termEnd).toBe(true);
    expect(settings.minPercent).toBe(75);
    expect([...holidays].filter((d) => d < TODAY)).toHaveLength(1);
    expect([...holidays].filter((d) => d > TODAY)).toHaveLength(1);
    expect(past.length).toBeGreaterThan(60);
    expect(remaining.length).toBeGreaterThan(20);
    expect(await misplacedMarks(t.handle.db, TODAY)).toEqual({ unmatched: 0, days: [] });
    // Every student has a mark in each of their six courses on each school day so far.
    const students = await count(sql`select count(*) as n from students`);
    expect(await count(sql`select count(*) as n from lecture_marks`)).toBe(students * 6 * past.length);
    const statuses = await sql<{ status: string; n: number | string }>`
      select status, count(*) as n from lecture_marks group by status`.execute(t.handle.db);
    const share = (status: string) =>
      Number(statuses.rows.find((r) => r.status === status)?.n ?? 0) / (students * 6 * past.length);
    expect(share('Present')).toBeGreaterThan(0.8);
    expect(share('Absent')).toBeGreaterThan(0.02);
    expect(share('Late')).toBeGreaterThan(0.01);
  });

  it('counts each course of each student from the marks: two at risk, one beyond reach', async () => {
    expect(await totalsMismatches(t.handle.db, TODAY)).toEqual([]);
    expect(await count(sql`select count(*) as n from course_totals`)).toBe(
      6 * (await count(sql`select count(*) as n from students`)),
    );
    const behind = await t.handle.db
      .selectFrom('course_totals')
      .select(['roll_no', 'course_code', 'state'])
      .where('state', '<>', 'ok')
      .orderBy('roll_no')
      .execute();
    expect(behind).toEqual([
      { roll_no: 230002, course_code: 'CS302', state: 'at-risk' },
      { roll_no: 230003, course_code: 'CS303', state: 'unreachable' },
      { roll_no: 230045, course_code: 'EC303', state: 'at-risk' },
    ]);
  });

  it('is the same timetable and the same marks every time for the same day', async () => {
    const other = await createTestApp();
    try {
      expect(await seedDemoCampus(other.handle.db, other.handle.dialect, NOW)).toBe(true);
      for (const [table, order] of [
        ['periods', 'id'],
        ['teachings', 'id'],
        ['lecture_marks', 'period_id, date, roll_no'],
        ['course_totals', 'roll_no, course_code'],
      ] as const) {
        const rows = (db: TestApp) =>
          sql`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(db.handle.db);
        expect((await rows(other)).rows, table).toEqual((await rows(t)).rows);
      }
    } finally {
      await other.close();
    }
  }, 60_000);
});
