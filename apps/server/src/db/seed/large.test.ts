import { createHash } from 'node:crypto';
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
import type { Database } from '../schema';
import { DEMO_PASSWORD } from './demo';
import {
  LARGE_CAMPUS,
  LARGE_LOGIN,
  largeCampusSize,
  largeGroupName,
  largeGroupRollNos,
  seedLargeCampus,
  type LargeCampusCounts,
} from './large';
import { largeTeachings } from './large-timetable';

const SCALE = 0.02;
const TODAY = new Date('2026-03-02T10:00:00.000Z');
const TODAY_DAY = '2026-03-02';

/** A digest of every row of the tables the seed fills, in a fixed order (less the salted hashes). */
async function digest(t: TestApp): Promise<string> {
  const hash = createHash('sha256');
  const tables: [keyof Database, string][] = [
    ['accounts', 'login_id'],
    ['students', 'roll_no'],
    ['teachers', 'teacher_id'],
    ['teacher_groups', 'teacher_account_id, group_name'],
    ['performance', 'roll_no'],
    ['attendance', 'roll_no, date'],
    ['queries', 'id'],
    ['query_tags', 'query_id, position'],
    ['gate_passes', 'id'],
    ['notices', 'id'],
    ['mentor_notices', 'id'],
    ['events', 'id'],
    ['courses', 'code'],
    ['teachings', 'id'],
    ['periods', 'id'],
    ['holidays', 'date'],
    ['campus_settings', 'key'],
    ['lecture_marks', 'period_id, date, roll_no'],
    ['course_totals', 'roll_no, course_code'],
  ];
  for (const [table, order] of tables) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(t.handle.db);
    for (const row of rows) delete row.password_hash;
    hash.update(`${table}:${JSON.stringify(rows)}`);
  }
  return hash.digest('hex');
}

async function count(t: TestApp, table: keyof Database): Promise<number> {
  const row = await t.handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function signIn(t: TestApp, userId: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userId: String(userId), password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

describe('large campus (small scale)', () => {
  let a: TestApp;
  let b: TestApp;
  let counts: LargeCampusCounts;
  const size = largeCampusSize(SCALE);

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
    counts = await seedLargeCampus(a.handle.db, a.handle.dialect, { scale: SCALE, today: TODAY });
    // Small statements on the second campus: rows cross batch boundaries in every table.
    await seedLargeCampus(b.handle.db, b.handle.dialect, { scale: SCALE, today: TODAY, batchRows: 97 });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('writes the counts it answers, 200 students a group and 100 school days each', async () => {
    expect(size.groups).toBe(2);
    expect(await count(a, 'students')).toBe(size.groups * LARGE_CAMPUS.studentsPerGroup);
    expect(await count(a, 'teachers')).toBe(size.teachers);
    expect(await count(a, 'accounts')).toBe(size.students + size.teachers + 1);
    expect(await count(a, 'performance')).toBe(size.students);
    expect(await count(a, 'attendance')).toBe(size.students * LARGE_CAMPUS.schoolDays);
    expect(await count(a, 'queries')).toBe(size.queries);
    expect(await count(a, 'gate_passes')).toBe(size.gatePasses);
    expect(await count(a, 'notices')).toBe(size.generalNotices);
    expect(await count(a, 'mentor_notices')).toBe(size.mentorNotices);
    expect(await count(a, 'events')).toBe(size.events);
    const inGroup = await a.handle.db
      .selectFrom('students')
      .select('roll_no')
      .where('group_name', '=', largeGroupName(1))
      .orderBy('roll_no')
      .execute();
    expect(inGroup.map((r) => r.roll_no)).toEqual(largeGroupRollNos(1));
  });

  it("holds the counts triggers keep: the boards and every student's attendance totals", async () => {
    const boards = await a.handle.db
      .selectFrom('query_board_counts')
      .select(['solved', 'total'])
      .orderBy('solved')
      .execute();
    const counted = await a.handle.db
      .selectFrom('queries')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('all'),
        eb.fn.count<number | string>('solved_at').as('solved'),
      ])
      .where('hidden_at', 'is', null)
      .executeTakeFirstOrThrow();
    const solved = Number(counted.solved);
    expect(boards).toEqual([
      { solved: 0, total: Number(counted.all) - solved },
      { solved: 1, total: solved },
    ]);
    const rollNo = largeGroupRollNos(1)[7]!;
    const totals = await a.handle.db
      .selectFrom('attendance_totals')
      .select(['days_marked', 'days_present'])
      .where('roll_no', '=', rollNo)
      .executeTakeFirstOrThrow();
    const present = await a.handle.db
      .selectFrom('attendance')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('roll_no', '=', rollNo)
      .where('status', '=', 'Present')
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ days_marked: LARGE_CAMPUS.schoolDays, days_present: Number(present.n) });
    expect(await count(a, 'attendance_totals')).toBe(size.students);
  });

  it('is the same campus every time for the same day', async () => {
    expect(await digest(a)).toBe(await digest(b));
  });

  it('keeps every reference valid although foreign keys are not checked row by row during the seed', async () => {
    const references: [string, string, string, string][] = [
      ['students', 'account_id', 'accounts', 'id'],
      ['teachers', 'account_id', 'accounts', 'id'],
      ['teacher_groups', 'teacher_account_id', 'teachers', 'account_id'],
      ['performance', 'roll_no', 'students', 'roll_no'],
      ['attendance', 'roll_no', 'students', 'roll_no'],
      ['attendance', 'marked_by', 'accounts', 'id'],
      ['queries', 'roll_no', 'students', 'roll_no'],
      ['queries', 'solved_by', 'accounts', 'id'],
      ['query_tags', 'query_id', 'queries', 'id'],
      ['gate_passes', 'roll_no', 'students', 'roll_no'],
      ['gate_passes', 'decided_by', 'accounts', 'id'],
      ['notices', 'author_id', 'accounts', 'id'],
      ['mentor_notices', 'author_id', 'accounts', 'id'],
      ['events', 'author_id', 'accounts', 'id'],
      ['teachings', 'course_code', 'courses', 'code'],
      ['teachings', 'group_name', 'groups', 'name'],
      ['teachings', 'teacher_account_id', 'teachers', 'account_id'],
      ['periods', 'teaching_id', 'teachings', 'id'],
      ['lecture_marks', 'period_id', 'periods', 'id'],
      ['lecture_marks', 'roll_no', 'students', 'roll_no'],
      ['lecture_marks', 'course_code', 'courses', 'code'],
      ['lecture_marks', 'marked_by', 'teachers', 'account_id'],
      ['course_totals', 'roll_no', 'students', 'roll_no'],
      ['course_totals', 'course_code', 'courses', 'code'],
    ];
    for (const [table, column, target, key] of references) {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)} c
        where c.${sql.ref(column)} is not null
          and not exists (select 1 from ${sql.table(target)} t where t.${sql.ref(key)} = c.${sql.ref(column)})`.execute(
        a.handle.db,
      );
      expect(Number(rows[0]?.n), `${table}.${column} → ${target}.${key}`).toBe(0);
    }
    if (a.handle.dialect === 'sqlite') {
      const { rows } = await sql`pragma foreign_key_check`.execute(a.handle.db);
      expect(rows).toEqual([]);
      const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(a.handle.db);
      expect(fk[0]?.foreign_keys).toBe(1);
    }
  });

  it('signs in its students and teachers with the demo password and serves their screens', async () => {
    const rollNo = largeGroupRollNos(1)[5]!;
    const student = await signIn(a, rollNo);
    const history = await a.app.inject({
      url: `/api/attendance/${rollNo}`,
      headers: { authorization: `Bearer ${student}` },
    });
    expect(history.json<unknown[]>()).toHaveLength(LARGE_CAMPUS.schoolDays);

    const teacher = await signIn(a, 500001);
    const auth = { authorization: `Bearer ${teacher}` };
    const notices = await a.app.inject({ url: '/api/get-notices?limit=20', headers: auth });
    expect(notices.json<unknown[]>()).toHaveLength(20);
    const unsolved = await a.app.inject({ url: '/api/queries-without-solution?limit=20', headers: auth });
    expect(unsolved.json<{ queries: { solution: string }[] }>().queries).toHaveLength(20);
    const table = await a.app.inject({ url: '/api/students-performance?limit=50', headers: auth });
    expect(table.json<unknown[]>()).toHaveLength(50);
  });

  it('gives every group six lectures a school day with no group, teacher or room in two places', async () => {
    const periods = await seededPeriods(a.handle.db);
    expect(periods).toHaveLength(counts.periods);
    expect(counts.periods).toBe(size.groups * 6 * 5);
    for (let g = 0; g < size.groups; g++) {
      for (const weekday of [1, 2, 3, 4, 5]) {
        const day = periods.filter((p) => p.group === largeGroupName(g) && p.weekday === weekday);
        expect(day, `${largeGroupName(g)} on weekday ${weekday}`).toHaveLength(6);
      }
    }
    expect(clashesOf(periods)).toEqual([]);
  });

  it('has no clash at the largest scale either (100,000 students)', () => {
    const largest = largeCampusSize(LARGE_CAMPUS.maxScale);
    const periods = largeTeachings(largest).flatMap((t) =>
      t.periods.map((p) => ({
        group: largeGroupName(t.group),
        teacher: t.teacherAccount,
        room: p.room,
        weekday: p.weekday,
        start: p.starts,
        end: p.ends,
      })),
    );
    expect(periods).toHaveLength(500 * 6 * 5);
    expect(clashesOf(periods)).toEqual([]);
  });

  it("marks the term's last two weeks of lectures, each student in their group's, and counts them per course", async () => {
    const { settings, past } = await seededTerm(a.handle.db, TODAY_DAY);
    expect(settings.termStart < TODAY_DAY && TODAY_DAY < settings.termEnd).toBe(true);
    const lastTwoWeeks = past.filter((d) => d >= '2026-02-16');
    expect(lastTwoWeeks).toHaveLength(10);
    expect(counts.lectureMarks).toBe(size.students * 6 * lastTwoWeeks.length);
    expect(await count(a, 'lecture_marks')).toBe(counts.lectureMarks);
    expect(await misplacedMarks(a.handle.db, TODAY_DAY)).toEqual({ unmatched: 0, days: [] });
    expect(await count(a, 'course_totals')).toBe(size.students * 6);
    expect(await totalsMismatches(a.handle.db, TODAY_DAY)).toEqual([]);
  });

  it('scales to 100,000 students in 500 groups with sign-in ids that never meet', () => {
    const largest = largeCampusSize(5);
    expect(largest).toMatchObject({ groups: 500, students: 100_000, teachers: 2_000 });
    const names = Array.from({ length: largest.groups }, (_, g) => largeGroupName(g));
    expect(new Set(names).size).toBe(largest.groups);
    expect(LARGE_LOGIN.firstRollNo + largest.students - 1).toBeLessThan(LARGE_LOGIN.firstTeacherId);
    expect(LARGE_LOGIN.firstTeacherId + largest.teachers - 1).toBeLessThan(LARGE_LOGIN.adminId);
    expect(() => largeCampusSize(5.01)).toThrow(/scale/);
    expect(() => largeCampusSize(0)).toThrow(/scale/);
  });

  it('refuses a database that already has a campus', async () => {
    await expect(seedLargeCampus(a.handle.db, a.handle.dialect, { scale: SCALE })).rejects.toThrow(
      /already has a campus/,
    );
  });
});
