import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceReport, AttendanceReportRow, AttendanceStatus } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

/** The server's today in these tests: defaults are counted back from it. */
const NOW = Date.parse('2024-03-08T12:00:00Z');
const DAYS = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07'];
const P: AttendanceStatus = 'Present';
const A: AttendanceStatus = 'Absent';

let t: TestApp;
let group: string;
let mentorToken: string;
let adminToken: string;
let people: Record<
  'all' | 'half' | 'threeQuarters' | 'quarter' | 'never' | 'twoOfThree' | 'formula',
  StudentPerson
>;

async function mark(date: string, statuses: [StudentPerson, AttendanceStatus][]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mark-attendance',
    headers: bearer(mentorToken),
    payload: { date, attendanceRecords: statuses.map(([s, status]) => ({ studentId: s.rollNo, status })) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const db = t.handle.db;
  group = `RPT-${randomUUID().slice(0, 8)}`;
  mentorToken = await login(t.app, (await createTeacher(db, { groups: [group] })).loginId);
  adminToken = await login(t.app, (await createAdmin(db)).loginId);
  people = {
    all: await createStudent(db, { group, name: 'All Days' }),
    half: await createStudent(db, { group, name: 'Half Days' }),
    threeQuarters: await createStudent(db, { group, name: 'Three Quarters' }),
    quarter: await createStudent(db, { group, name: 'One Quarter' }),
    never: await createStudent(db, { group, name: 'Never Marked' }),
    twoOfThree: await createStudent(db, { group, name: 'Two Of Three' }),
    formula: await createStudent(db, { group, name: '=HYPERLINK("http://evil.example","Rao, A")' }),
  };
  const { all, half, threeQuarters, quarter, twoOfThree, formula } = people;
  const plan: [StudentPerson, AttendanceStatus[]][] = [
    [all, [P, P, P, P]],
    [half, [A, P, A, P]],
    [threeQuarters, [P, A, P, P]],
    [quarter, [A, A, P, A]],
    [twoOfThree, [P, A, P]],
    [formula, [P, P, P, P]],
  ];
  for (const [i, date] of DAYS.entries()) {
    await mark(
      date,
      plan.filter(([, days]) => days[i] !== undefined).map(([s, days]) => [s, days[i]!]),
    );
  }
  // Outside the range asked for below, and another group's student on a day inside it.
  await mark('2024-03-01', [[all, A]]);
  const stranger = await createStudent(db, { group: `${group}-X` });
  await mark('2024-03-05', [[stranger, A]]);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const reportUrl = (query: string, csv = false) =>
  `/api/attendance-report${csv ? '.csv' : ''}?group=${encodeURIComponent(group)}&${query}`;

const row = (s: StudentPerson, present: number, total: number, percentage: number, flagged: boolean) => ({
  RollNo: s.rollNo,
  name: s.name,
  present,
  total,
  percentage,
  flagged,
});

describe('GET /api/attendance-report', () => {
  it("counts each student's days in the range, those below 75% first, then by percentage, unmarked last", async () => {
    const res = await get(reportUrl('from=2024-03-04&to=2024-03-07'), mentorToken);
    expect(res.statusCode).toBe(200);
    const { all, half, threeQuarters, quarter, never, twoOfThree, formula } = people;
    expect(res.json<AttendanceReport>()).toEqual({
      group,
      from: '2024-03-04',
      to: '2024-03-07',
      warningPercent: 75,
      students: [
        row(quarter, 1, 4, 25, true),
        row(half, 2, 4, 50, true),
        row(twoOfThree, 2, 3, 66.67, true),
        // Exactly 75% is not below it.
        row(threeQuarters, 3, 4, 75, false),
        row(all, 4, 4, 100, false),
        row(formula, 4, 4, 100, false),
        row(never, 0, 0, 0, false),
      ],
    });
  });

  it('counts only the days of a narrower range', async () => {
    const res = await get(reportUrl('from=2024-03-05&to=2024-03-05'), mentorToken);
    const rows = res.json<AttendanceReport>().students;
    const byName = Object.fromEntries(rows.map((r) => [r.name, [r.present, r.total, r.flagged]]));
    expect(byName).toMatchObject({
      'All Days': [1, 1, false],
      'Half Days': [1, 1, false],
      'Three Quarters': [0, 1, true],
      'One Quarter': [0, 1, true],
      'Two Of Three': [0, 1, true],
      'Never Marked': [0, 0, false],
    });
    expect(rows.slice(0, 3).map((r) => r.name)).toEqual(['Three Quarters', 'One Quarter', 'Two Of Three']);
  });

  it('covers the last 30 days by default, today included, and counts the day before them out', async () => {
    const res = await get(`/api/attendance-report?group=${encodeURIComponent(group)}`, mentorToken);
    expect(res.statusCode).toBe(200);
    const report = res.json<AttendanceReport>();
    expect([report.from, report.to]).toEqual(['2024-02-08', '2024-03-08']);
    // 2024-03-01 is in: the student of all days has one absence more than in the four days.
    expect(report.students.find((r) => r.RollNo === people.all.rollNo)).toMatchObject({
      present: 4,
      total: 5,
    });
    const onlyTo = await get(reportUrl('to=2024-03-31'), mentorToken);
    expect(onlyTo.json<AttendanceReport>()).toMatchObject({ from: '2024-03-02', to: '2024-03-31' });
    const onlyFrom = await get(reportUrl('from=2024-03-05'), mentorToken);
    expect(onlyFrom.json<AttendanceReport>()).toMatchObject({ from: '2024-03-05', to: '2024-03-08' });
  });

  it('lets an admin see any group; a group without students is an empty report', async () => {
    const res = await get(reportUrl('from=2024-03-04&to=2024-03-07'), adminToken);
    expect(res.json<AttendanceReport>().students).toHaveLength(7);
    const none = await get(
      '/api/attendance-report?group=NOBODY-HERE&from=2024-03-04&to=2024-03-07',
      adminToken,
    );
    expect(none.statusCode).toBe(200);
    expect(none.json<AttendanceReport>().students).toEqual([]);
  });

  it("refuses a teacher another group's report and students, as JSON and as CSV", async () => {
    const other = await login(
      t.app,
      (await createTeacher(t.handle.db, { groups: ['SOMEWHERE-ELSE'] })).loginId,
    );
    for (const csv of [false, true]) {
      const res = await get(reportUrl('from=2024-03-04&to=2024-03-07', csv), other);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        `You can see the attendance report of the groups you mentor only, and you do not mentor ${group}`,
      );
      const student = await get(reportUrl('', csv), await login(t.app, people.all.loginId));
      expect(student.statusCode).toBe(403);
      expect((await get(reportUrl('', csv))).statusCode).toBe(401);
    }
  });

  it('refuses bad ranges with 400 and a message naming the problem', async () => {
    const cases: [string, string][] = [
      ['from=2024-03-07&to=2024-03-04', 'from must be on or before to (2024-03-04)'],
      [
        'from=2023-01-01&to=2024-03-04',
        'to must be within 366 days of from: 2023-01-01 to 2024-03-04 spans 429 days',
      ],
      ['from=2020-01-01', 'to must be within 366 days of from: 2020-01-01 to 2024-03-08 spans 1529 days'],
      ['from=2024-3-4&to=2024-03-07', 'from must be a date in the form YYYY-MM-DD'],
      ['from=2024-03-04&to=2024-02-30', 'to must be a date in the form YYYY-MM-DD'],
      ['from=04/03/2024', 'from must be a date in the form YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      for (const csv of [false, true]) {
        const res = await get(reportUrl(query, csv), mentorToken);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    // 366 days, both ends counted, is the longest range.
    expect((await get(reportUrl('from=2023-03-09&to=2024-03-08'), mentorToken)).statusCode).toBe(200);
    expect((await get(reportUrl('from=2023-03-08&to=2024-03-08'), mentorToken)).statusCode).toBe(400);
    const noGroup = await get('/api/attendance-report', mentorToken);
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().message).toBe('group is required');
  });
});

describe('GET /api/attendance-report.csv', () => {
  it('downloads the same report as a CSV file with formulas neutralised', async () => {
    const res = await get(reportUrl('from=2024-03-04&to=2024-03-07', true), mentorToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="attendance-${group}-2024-03-04-to-2024-03-07.csv"`,
    );
    const json = (
      await get(reportUrl('from=2024-03-04&to=2024-03-07'), mentorToken)
    ).json<AttendanceReport>();
    const line = (r: AttendanceReportRow) =>
      `${r.RollNo},${r.RollNo === people.formula.rollNo ? `"'=HYPERLINK(""http://evil.example"",""Rao, A"")"` : r.name},${r.present},${r.total},${r.percentage.toFixed(2)},${r.flagged ? 'Yes' : 'No'}`;
    expect(res.body).toBe(
      `\uFEFFRoll No,Name,Present days,Total days,Attendance %,Below 75%\r\n${json.students.map((r) => `${line(r)}\r\n`).join('')}`,
    );
    expect(res.body).toContain(`${people.twoOfThree.rollNo},Two Of Three,2,3,66.67,Yes\r\n`);
  });
});

describe('the API description', () => {
  it('documents the report and its CSV', async () => {
    const paths = (await get('/api/docs/json')).json().paths as Record<
      string,
      { get?: { responses: object } }
    >;
    expect(paths['/api/attendance-report']?.get?.responses).toHaveProperty('200');
    expect(paths['/api/attendance-report.csv']?.get?.responses).toHaveProperty('403');
  });
});
