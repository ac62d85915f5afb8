/**
 * Importing a timetable: a file checked (dry run) then applied adds its courses, teachings and weekly
 * periods; a clash with a stored period or with another row of the file is named as the API names it,
 * and a file with any bad row writes nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportApplyResponse, ImportRefusal, ImportReport, Period } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createTeacher, ensureGroup, login, type Person } from '../../../test/fixtures';

let t: TestApp;
let token: string;
let teacher: Person;
let other: Person;

const HEADER = 'course_code,course_name,credits,group,teacher_id,weekday,start,end,room';

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  teacher = await createTeacher(t.handle.db, { groups: [], name: 'Meera Iyer' });
  other = await createTeacher(t.handle.db, { groups: [], name: 'Arjun Menon' });
  for (const group of ['TI-A', 'TI-B', 'TI-C', 'TI-D', 'TI-E']) await ensureGroup(t.handle.db, group);
  const course = await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: bearer(token),
    payload: { code: 'CS301', name: 'DBMS', credits: 4 },
  });
  expect(course.statusCode, course.body).toBe(201);
});
afterAll(() => t.close());

const post = (url: string, payload: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), 'content-type': 'text/csv' } });
const check = (csv: string) => post('/api/import/timetable/check', csv);
const apply = (csv: string) => post('/api/import/timetable', csv);
const file = (...rows: string[]) => [HEADER, ...rows].join('\n');

const addPeriod = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/periods', headers: bearer(token), payload });
const periodsOf = async (group: string) => {
  const res = await t.app.inject({ url: `/api/periods?group=${group}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Period[]>();
};

async function tableCounts() {
  const counts: Record<string, number> = {};
  for (const table of ['courses', 'teachings', 'periods'] as const) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      t.handle.db,
    );
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

describe('timetable import', () => {
  it('checks a good file without writing, then adds its courses, teachings and periods; the same file again changes nothing', async () => {
    const csv = file(
      `CS301,,,TI-A,${teacher.loginId},Mon,9:00,09:50,LH-101`,
      `MA201,Statistics,3,TI-A,${other.loginId},1,10:00,10:50,LH-101`,
      `MA201,,,TI-A,,wednesday,10:00,10:50,LH-102`,
      `CS301,,,TI-B,${teacher.loginId},Tue,09:00,09:50,LH-101`,
    );
    const before = await tableCounts();

    const dry = await check(csv);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportReport>()).toMatchObject({
      kind: 'timetable',
      dryRun: true,
      rows: 4,
      counts: { created: 4, updated: 0, unchanged: 0 },
      newCourses: ['MA201'],
      errors: [],
      errorCount: 0,
    });
    expect(await tableCounts()).toEqual(before);

    const res = await apply(csv);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ImportApplyResponse>();
    expect(answer.report).toMatchObject({ dryRun: false, counts: { created: 4 }, newCourses: ['MA201'] });
    expect(await tableCounts()).toEqual({
      courses: before.courses! + 1,
      teachings: before.teachings! + 3,
      periods: before.periods! + 4,
    });
    const week = (await periodsOf('TI-A')).map(
      ({ course, courseName, teacherId, weekday, start, end, room }) => ({
        course,
        courseName,
        teacherId,
        weekday,
        start,
        end,
        room,
      }),
    );
    expect(week).toEqual([
      {
        course: 'CS301',
        courseName: 'DBMS',
        teacherId: teacher.loginId,
        weekday: 1,
        start: '09:00',
        end: '09:50',
        room: 'LH-101',
      },
      {
        course: 'MA201',
        courseName: 'Statistics',
        teacherId: other.loginId,
        weekday: 1,
        start: '10:00',
        end: '10:50',
        room: 'LH-101',
      },
      {
        course: 'MA201',
        courseName: 'Statistics',
        teacherId: other.loginId,
        weekday: 3,
        start: '10:00',
        end: '10:50',
        room: 'LH-102',
      },
    ]);

    const again = await apply(csv);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ImportApplyResponse>().report.counts).toEqual({ created: 0, updated: 0, unchanged: 4 });
    expect(await tableCounts()).toEqual({
      courses: before.courses! + 1,
      teachings: before.teachings! + 3,
      periods: before.periods! + 4,
    });

    // Another teacher named for a stored period hands the course in that group over, as the API does.
    const handOver = await apply(file(`CS301,,,TI-B,${other.loginId},2,09:00,09:50,LH-101`));
    expect(handOver.statusCode, handOver.body).toBe(200);
    expect(handOver.json<ImportApplyResponse>().report.counts).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    expect((await periodsOf('TI-B')).map((p) => p.teacherName)).toEqual(['Arjun Menon']);
  });

  it('refuses a row that clashes with an earlier row of the file, naming the clash as the API does', async () => {
    const csv = file(
      `CS301,,,TI-C,${teacher.loginId},Thu,11:00,11:50,LH-201`,
      `PH101,Physics,4,TI-D,${other.loginId},Thu,11:30,12:20,LH-201`,
    );
    const before = await tableCounts();
    const res = await check(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>().errors).toEqual([
      {
        row: 3,
        field: 'room',
        problem:
          'Clash: room LH-201 already has CS301 (TI-C) on Thursday 11:00–11:50 in LH-201 (row 2 of this file)',
        value: 'LH-201',
      },
    ]);
    const refused = await apply(csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ImportRefusal>().message).toBe('The file has 1 problem; nothing was imported');
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a row that clashes with a stored period, in the words the API refuses that period with', async () => {
    const stored = await addPeriod({
      course: 'CS301',
      group: 'TI-E',
      weekday: 5,
      start: '14:00',
      end: '14:50',
      room: 'LH-301',
      teacherId: teacher.loginId,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const clashing = {
      course: 'CS301',
      group: 'TI-D',
      weekday: 5,
      start: '14:30',
      end: '15:20',
      room: 'LH-302',
      teacherId: teacher.loginId,
    };
    const byApi = await addPeriod(clashing);
    expect(byApi.statusCode).toBe(409);
    const message = byApi.json<{ message: string }>().message;
    expect(message).toBe('Clash: Meera Iyer already has CS301 (TI-E) on Friday 14:00–14:50 in LH-301');

    const res = await check(file(`CS301,,,TI-D,${teacher.loginId},Fri,14:30,15:20,LH-302`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>().errors).toEqual([
      { row: 2, field: 'teacher_id', problem: message, value: String(teacher.loginId) },
    ]);
  });

  it('names each bad row: an unknown course, group or teacher, a bad weekday, a period ending before it starts', async () => {
    const csv = file(
      `XX999,,,TI-A,${teacher.loginId},Mon,16:00,16:50,LH-9`,
      `CS301,,,NO-SUCH,${teacher.loginId},Mon,16:00,16:50,LH-9`,
      `CS301,,,TI-D,999999,Sat,16:00,16:50,LH-9`,
      `CS301,,,TI-D,${teacher.loginId},Funday,16:00,16:50,LH-9`,
      `CS301,,,TI-D,${teacher.loginId},Sat,17:00,16:00,LH-9`,
      `EC101,Economics,,TI-D,${teacher.loginId},Sun,08:00,08:50,LH-9`,
      `CS301,,,TI-C,,Sat,12:00,12:50,LH-9`,
    );
    const res = await check(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportReport>().errors).toEqual([
      {
        row: 2,
        field: 'course_code',
        problem: 'there is no course XX999; give its course_name and credits to add it',
        value: 'XX999',
      },
      { row: 3, field: 'group', problem: 'there is no group NO-SUCH', value: 'NO-SUCH' },
      { row: 4, field: 'teacher_id', problem: 'there is no teacher with id 999999', value: '999999' },
      {
        row: 5,
        field: 'weekday',
        problem: 'must be 1 (Monday) to 7 (Sunday), or a day such as Mon or Monday',
        value: 'Funday',
      },
      { row: 6, field: 'end', problem: 'must be after start (17:00)', value: '16:00' },
      { row: 7, field: 'credits', problem: 'is needed to add the course EC101' },
      { row: 8, field: 'teacher_id', problem: 'is required, as nobody teaches CS301 to TI-C yet' },
    ]);
  });

  it('writes nothing of a file whose last row is bad, though its first rows would add a course and periods', async () => {
    const csv = file(
      `BI110,Biology,2,TI-E,${other.loginId},Mon,08:00,08:50,LH-401`,
      `BI110,,,TI-E,,Tue,08:00,08:50,LH-401`,
      `BI110,,,TI-E,,Wed,08:00,08:50,NO-ROOM-${'x'.repeat(40)}`,
    );
    const before = await tableCounts();
    const res = await apply(csv);
    expect(res.statusCode).toBe(400);
    const refusal = res.json<ImportRefusal>();
    expect(refusal.report.errors).toEqual([
      expect.objectContaining({ row: 4, field: 'room', problem: 'must be at most 30 characters' }),
    ]);
    expect(refusal.report.counts.created).toBe(2);
    expect(await tableCounts()).toEqual(before);
    expect(await periodsOf('TI-E')).toHaveLength(1);
  });
});
