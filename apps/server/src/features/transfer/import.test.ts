import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEntry,
  ImportApplyResponse,
  ImportProgressLine,
  ImportRefusal,
  ImportReport,
} from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type Person,
} from '../../../test/fixtures';

let t: TestApp;
let admin: Person;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.handle.db);
  token = await login(t.app, admin.loginId);
});
afterAll(() => t.close());

/** Each test its own roll numbers and group, so no test sees another's rows. */
let block = 700_000;
const nextBlock = () => (block += 10_000);

const STUDENT_HEADER = 'RollNo,name,FatherName,MotherName,Gender,Dob,Category,phoneNo,email,group';
const studentLine = (rollNo: number, group: string, name = `Student ${rollNo}`) =>
  `${rollNo},${name},Father ${rollNo},Mother ${rollNo},Female,2005-04-03,General,9876543210,s${rollNo}@uni.example.edu,${group}`;
const studentsCsv = (first: number, count: number, group: string) =>
  [STUDENT_HEADER, ...Array.from({ length: count }, (_, i) => studentLine(first + i, group))].join('\r\n') +
  '\r\n';

const post = (url: string, payload: string | Buffer | Readable, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...bearer(token), 'content-type': 'text/csv', ...headers },
  });
const check = (kind: string, csv: string | Buffer | Readable) => post(`/api/import/${kind}/check`, csv);
const apply = (kind: string, csv: string | Buffer | Readable, headers?: Record<string, string>) =>
  post(`/api/import/${kind}`, csv, headers);

async function count(
  table: 'accounts' | 'students' | 'groups' | 'performance' | 'attendance' | 'teacher_groups',
) {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    t.handle.db,
  );
  return Number(rows[0]!.n);
}
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      (['accounts', 'students', 'groups', 'performance', 'attendance', 'teacher_groups'] as const).map(
        async (table) => [table, await count(table)] as const,
      ),
    ),
  );

describe('students import', () => {
  it('checks a file without writing anything, then applies it: accounts with one-time passwords, new groups, an audit entry', async () => {
    const first = nextBlock();
    const group = `IMP-${first}`;
    const csv = studentsCsv(first, 25, group);
    const before = await counts();

    const dry = await check('students', csv);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json<ImportReport>();
    expect(report).toMatchObject({
      kind: 'students',
      dryRun: true,
      rows: 25,
      counts: { created: 25, updated: 0, unchanged: 0 },
      newGroups: [group],
      errors: [],
      errorCount: 0,
    });
    expect(await counts()).toEqual(before);

    const res = await apply('students', csv);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ImportApplyResponse>();
    expect(answer.report).toMatchObject({ dryRun: false, counts: { created: 25 } });
    expect(answer.credentials).toHaveLength(25);
    expect(answer.credentials[0]).toMatchObject({ userId: first, name: `Student ${first}` });
    expect(await count('students')).toBe(before.students! + 25);
    expect(await count('groups')).toBe(before.groups! + 1);

    const stored = await t.handle.db
      .selectFrom('accounts')
      .select(['password_hash', 'must_change_password', 'role'])
      .where('login_id', '=', first)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ role: 'student', must_change_password: 1 });
    expect(stored.password_hash).toMatch(/^otp-sha256\$/);
    expect(stored.password_hash).not.toContain(answer.credentials[0]!.oneTimePassword);
    await login(t.app, first, answer.credentials[0]!.oneTimePassword);

    const log = await t.app.inject({ url: '/api/audit-log?kind=import.apply', headers: bearer(token) });
    const entry = log.json<AuditEntry[]>().find((e) => e.detail?.includes('25 created'));
    expect(entry).toMatchObject({ actorLoginId: admin.loginId, target: 'students' });
    expect(JSON.stringify(log.json())).not.toContain(answer.credentials[0]!.oneTimePassword);
  });

  it('updates the fields of stored students and keeps their passwords; an unchanged row stays unchanged', async () => {
    const first = nextBlock();
    const group = `UPD-${first}`;
    const created = (await apply('students', studentsCsv(first, 3, group))).json<ImportApplyResponse>();
    const hash = () =>
      t.handle.db
        .selectFrom('accounts')
        .select('password_hash')
        .where('login_id', '=', first)
        .executeTakeFirstOrThrow();
    const before = await hash();
    const csv = [
      'roll no,Name,E-Mail,Group',
      `${first},Renamed Student,new${first}@uni.example.edu,${group}-B`,
      studentLine(first + 1, group)
        .split(',')
        .filter((_, i) => [0, 1, 8, 9].includes(i))
        .join(','),
    ].join('\n');
    const res = await apply('students', csv);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ImportApplyResponse>();
    expect(answer.report.counts).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(answer.report.newGroups).toEqual([`${group}-B`]);
    expect(answer.credentials).toEqual([]);
    const student = await t.handle.db
      .selectFrom('students')
      .selectAll()
      .where('roll_no', '=', first)
      .executeTakeFirstOrThrow();
    // Columns the file leaves out keep what is stored.
    expect(student).toMatchObject({
      name: 'Renamed Student',
      group_name: `${group}-B`,
      father_name: `Father ${first}`,
    });
    expect(await hash()).toEqual(before);
    await login(t.app, first, created.credentials[0]!.oneTimePassword);
  });

  it('reports each bad row by row number, field and problem; duplicates; another role’s User ID; and applies nothing', async () => {
    const first = nextBlock();
    const group = `BAD-${first}`;
    const teacher = await createTeacher(t.handle.db);
    const lines = [
      STUDENT_HEADER,
      studentLine(first, group),
      studentLine(first, group), // row 3: duplicate RollNo
      studentLine(teacher.loginId, group), // row 4: a teacher's User ID
      studentLine(first + 3, group).replace(`s${first + 3}@uni.example.edu`, 'not-an-email'), // row 5
      studentLine(first + 4, group).replace(`Student ${first + 4}`, ''), // row 6: no name
      '',
      studentLine(admin.loginId, group), // row 8: an admin's User ID
      'abc,Someone,,,,2005-13-40,,12,x@y.example,G', // row 9: bad RollNo, Dob, phoneNo
      studentLine(first + 9, group) + ',extra', // row 10: more cells than the header
    ];
    const csv = lines.join('\n');
    const before = await counts();
    const res = await check('students', csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ImportReport>();
    expect(report.rows).toBe(8);
    // Each problem shows the offending cell as the file has it; a whole-row problem shows none.
    expect(report.errors).toEqual([
      { row: 3, field: 'RollNo', problem: `${first} appears again (first on row 2)`, value: String(first) },
      {
        row: 4,
        field: 'RollNo',
        problem: `${teacher.loginId} is already the User ID of a teacher, not a student`,
        value: String(teacher.loginId),
      },
      { row: 5, field: 'email', problem: 'must be a valid email', value: 'not-an-email' },
      { row: 6, field: 'name', problem: 'is required', value: '' },
      {
        row: 8,
        field: 'RollNo',
        problem: `${admin.loginId} is already the User ID of an admin, not a student`,
        value: String(admin.loginId),
      },
      { row: 9, field: 'RollNo', problem: 'must be a whole number from 1 to 999999999', value: 'abc' },
      { row: 9, field: 'Dob', problem: 'must be a date in the form YYYY-MM-DD', value: '2005-13-40' },
      { row: 9, field: 'phoneNo', problem: expect.stringMatching(/must be a phone number/), value: '12' },
      { row: 10, field: '(row)', problem: 'has 11 cells but the first row names 10 columns' },
    ]);
    expect(report.errorCount).toBe(9);
    expect(report.counts.created).toBe(1);

    const refused = await apply('students', csv);
    expect(refused.statusCode).toBe(400);
    const body = refused.json<ImportRefusal>();
    expect(body.message).toBe('The file has 9 problems; nothing was imported');
    expect(body.report.errors).toEqual(report.errors);
    expect(await counts()).toEqual(before);
  });

  it('refuses files it cannot read with 4xx naming the problem', async () => {
    const latin1 = Buffer.from(`${STUDENT_HEADER}\n1,Zo\xeb,,,,,,,z@uni.example.edu,G\n`, 'latin1');
    const bad = await check('students', latin1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/not UTF-8/);

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(STUDENT_HEADER, 'utf16le')]);
    const wide = await check('students', utf16);
    expect(wide.statusCode).toBe(400);
    expect(wide.json<{ message: string }>().message).toMatch(/UTF-16/);

    const missing = await check('students', 'Roll No,Name,Phone No\n1,A,9876543210\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/^The file has no columns email, group\./);

    const twice = await check('students', 'RollNo,roll_no,name,email,group\n');
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toMatch(/RollNo is named twice/);

    const empty = await check('students', `${STUDENT_HEADER}\n\n`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/no rows/);

    const unclosed = await check('students', `${STUDENT_HEADER}\n1,"Open,,,,,,,a@b.example,G\n`);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json<{ message: string }>().message).toMatch(/Row 2: a quoted cell is never closed/);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/import/students/check',
      payload: { RollNo: 1 },
      headers: bearer(token),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json<{ message: string }>().message).toMatch(/text\/csv/);

    const kind = await check('parents', `${STUDENT_HEADER}\n`);
    expect(kind.statusCode).toBe(400);
  });

  it('refuses more than 50 MB with 413, by its Content-Length or as it streams in', async () => {
    const declared = await post('/api/import/students/check', 'x', {
      'content-length': String(50 * 1024 * 1024 + 1),
    });
    expect(declared.statusCode).toBe(413);

    let produced = 0;
    const big = Readable.from(
      (function* () {
        yield `${STUDENT_HEADER}\n`;
        // 1 MB a piece, of rows with cells within the cell limit.
        const piece = `1,${'x'.repeat(1000)},,,,,,,a@b.example,G\n`.repeat(1040);
        for (let i = 0; i < 60; i++) {
          produced++;
          yield piece;
        }
      })(),
    );
    const res = await check('students', big);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe('The file is larger than 50 MB');
    expect(produced).toBeLessThan(60);
  });

  it('refuses a million-row file with 413 once it passes 100,000 rows, without reading the rest', async () => {
    const rows = 1_000_000;
    const perChunk = 1000;
    let produced = 0;
    const huge = Readable.from(
      (function* () {
        yield 'RollNo,date,status\n';
        const chunk = '230001,2024-01-02,Present\n'.repeat(perChunk);
        for (let i = 0; i < rows / perChunk; i++) {
          produced += perChunk;
          yield chunk;
        }
      })(),
    );
    const heapBefore = process.memoryUsage().heapUsed;
    const res = await check('attendance', huge);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      'The file has more than 100,000 rows; split it into smaller files',
    );
    // It stopped reading soon after the limit (the stream's buffer holds a few chunks more).
    expect(produced).toBeLessThan(150_000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('streams progress lines as it applies, when asked, then the result', async () => {
    const first = nextBlock();
    const res = await apply('students', studentsCsv(first, 4500, `NDJ-${first}`), {
      accept: 'application/x-ndjson',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ImportProgressLine);
    const progress = lines.filter((l) => l.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(4);
    const dones = progress.map((l) => l.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ done: 4500 * 2 + 1, total: 4500 * 2 + 1 });
    const last = lines.at(-1)!;
    expect(last.type).toBe('done');
    if (last.type === 'done') expect(last.credentials).toHaveLength(4500);
    expect(
      await t.handle.db
        .selectFrom('students')
        .select('roll_no')
        .where('roll_no', '=', first + 4499)
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it('answers a refused streamed apply with 400 and the report, not a stream', async () => {
    const res = await apply('students', `${STUDENT_HEADER}\n1,,,,,,,,x,G\n`, {
      accept: 'application/x-ndjson',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ImportRefusal>().report.errorCount).toBe(2);
  });
});

describe('other kinds', () => {
  it('imports teachers with one-time passwords and refuses a student’s User ID', async () => {
    const first = nextBlock();
    const student = await createStudent(t.handle.db);
    const csv = [
      'teacherId,name,Gender,Dob,phoneNo,email',
      `${first},Dr. New Teacher,Female,1980-01-01,9123456789,t${first}@uni.example.edu`,
      `${student.loginId},Clash,,,,c@uni.example.edu`,
    ].join('\n');
    const report = (await check('teachers', csv)).json<ImportReport>();
    expect(report.errors).toMatchObject([
      {
        row: 3,
        field: 'teacherId',
        problem: `${student.loginId} is already the User ID of a student, not a teacher`,
      },
    ]);
    const res = await apply('teachers', csv.split('\n').slice(0, 2).join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ImportApplyResponse>();
    expect(answer.credentials).toEqual([
      { userId: first, name: 'Dr. New Teacher', oneTimePassword: expect.stringMatching(/^\w{13}$/) },
    ]);
    await login(t.app, first, answer.credentials[0]!.oneTimePassword);
  });

  it('imports mentor assignments, adding groups that do not exist yet', async () => {
    const first = nextBlock();
    const teacher = await createTeacher(t.handle.db, { groups: [`MEN-${first}`] });
    const student = await createStudent(t.handle.db);
    const csv = [
      'Teacher ID,Group',
      `${teacher.loginId},MEN-${first}`,
      `${teacher.loginId},MEN-${first}-NEW`,
      `${teacher.loginId},MEN-${first}-NEW`,
      `${student.loginId},MEN-${first}`,
      `${first},MEN-${first}`,
    ].join('\n');
    const report = (await check('mentors', csv)).json<ImportReport>();
    expect(report.errors).toMatchObject([
      {
        row: 4,
        field: 'group',
        problem: `teacher ${teacher.loginId} is assigned to MEN-${first}-NEW again (first on row 3)`,
      },
      {
        row: 5,
        field: 'teacherId',
        problem: `${student.loginId} is already the User ID of a student, not a teacher`,
      },
      { row: 6, field: 'teacherId', problem: `no teacher has the User ID ${first}` },
    ]);
    const res = await apply('mentors', csv.split('\n').slice(0, 3).join('\n'));
    expect(res.json<ImportApplyResponse>().report).toMatchObject({
      counts: { created: 1, unchanged: 1 },
      newGroups: [`MEN-${first}-NEW`],
    });
    const groups = await t.handle.db
      .selectFrom('teacher_groups')
      .select('group_name')
      .where('teacher_account_id', '=', teacher.accountId)
      .orderBy('group_name')
      .execute();
    expect(groups.map((g) => g.group_name)).toEqual([`MEN-${first}`, `MEN-${first}-NEW`]);
  });

  it('imports marks with the contract’s rules: a CGPA left empty is computed, another one entered', async () => {
    const a = await createStudent(t.handle.db);
    const b = await createStudent(t.handle.db);
    const teacher = await createTeacher(t.handle.db);
    const header = 'RollNo,10th %age,12th %age,Sem-1 SGPA,Sem-2 SGPA,Sem-3 SGPA,Sem-4 SGPA,CGPA';
    const csv = [
      header,
      `${a.rollNo},91.5,88,8,9,,,`,
      `${b.rollNo},80,75,7,7,7,7,7.9`,
      `${teacher.loginId},1,1,1,1,1,1,1`,
      `${a.rollNo + 99_000},1,1,1,1,1,1,1`,
      `${b.rollNo},101,1,11,1.234,1,1,x`,
    ].join('\n');
    const report = (await check('marks', csv)).json<ImportReport>();
    expect(report.errors).toMatchObject([
      {
        row: 4,
        field: 'RollNo',
        problem: `${teacher.loginId} is already the User ID of a teacher, not a student`,
      },
      { row: 5, field: 'RollNo', problem: `no student has the User ID ${a.rollNo + 99_000}` },
      { row: 6, field: '10th %age', problem: 'must be a number from 0 to 100' },
      { row: 6, field: 'Sem-1 SGPA', problem: 'must be a number from 0 to 10' },
      { row: 6, field: 'Sem-2 SGPA', problem: 'must have at most 2 decimal places' },
      { row: 6, field: 'CGPA', problem: 'must be a number from 0 to 10' },
    ]);
    const res = await apply('marks', csv.split('\n').slice(0, 3).join('\n'));
    expect(res.json<ImportApplyResponse>().report.counts).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const rows = await t.handle.db
      .selectFrom('performance')
      .select(['roll_no', 'cgpa', 'cgpa_source', 'sem3_sgpa'])
      .where('roll_no', 'in', [a.rollNo, b.rollNo])
      .orderBy('roll_no')
      .execute();
    expect(rows).toEqual([
      { roll_no: a.rollNo, cgpa: 8.5, cgpa_source: 'computed', sem3_sgpa: null },
      { roll_no: b.rollNo, cgpa: 7.9, cgpa_source: 'entered', sem3_sgpa: 7 },
    ]);
    const again = await apply(
      'marks',
      [header, `${a.rollNo},91.5,88,8,9,,,8.5`, `${b.rollNo},80,75,7,7,7,7,8`].join('\n'),
    );
    expect(again.json<ImportApplyResponse>().report.counts).toEqual({ created: 0, updated: 1, unchanged: 1 });
  });

  it('imports past attendance marked by the admin, day by day, and refuses days after today', async () => {
    const student = await createStudent(t.handle.db);
    const teacher = await createTeacher(t.handle.db);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const csv = [
      'RollNo,date,status',
      `${student.rollNo},2024-02-01,Present`,
      `${student.rollNo},2024-02-02,absent`,
      `${student.rollNo},2024-02-01,Absent`,
      `${student.rollNo},${tomorrow},Present`,
      `${teacher.loginId},2024-02-01,Present`,
      `${student.rollNo},2024-02-03,Late`,
      `${student.rollNo},1999-12-31,Present`,
    ].join('\n');
    const report = (await check('attendance', csv)).json<ImportReport>();
    expect(report.errors).toMatchObject([
      { row: 4, field: 'date', problem: `${student.rollNo} is marked on 2024-02-01 again (first on row 2)` },
      { row: 5, field: 'date', problem: expect.stringMatching(/^is after today/) },
      {
        row: 6,
        field: 'RollNo',
        problem: `${teacher.loginId} is already the User ID of a teacher, not a student`,
      },
      { row: 7, field: 'status', problem: 'must be Present or Absent' },
      { row: 8, field: 'date', problem: 'must be on or after 2000-01-01' },
    ]);
    const res = await apply('attendance', csv.split('\n').slice(0, 3).join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    const marks = await t.handle.db
      .selectFrom('attendance')
      .select(['date', 'status', 'marked_by'])
      .where('roll_no', '=', student.rollNo)
      .orderBy('date')
      .execute();
    expect(marks).toEqual([
      { date: '2024-02-01', status: 'Present', marked_by: admin.accountId },
      { date: '2024-02-02', status: 'Absent', marked_by: admin.accountId },
    ]);
  });
});
