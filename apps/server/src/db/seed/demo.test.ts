import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { seedDemoCampus } from './demo';

let t: TestApp;
let seededCount: number;
beforeAll(async () => {
  t = await createTestApp();
  // Two servers starting at once: exactly one seeds.
  const results = await Promise.all([
    seedDemoCampus(t.handle.db, t.handle.dialect),
    seedDemoCampus(t.handle.db, t.handle.dialect),
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
    expect(await count(sql`select count(*) as n from accounts`)).toBe(68);
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
});
