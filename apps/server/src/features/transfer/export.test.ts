import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import { newId, nowIso } from '../../lib/ids';
import { CsvParser } from '../../lib/csv-parser';
import { exportRepository } from './export-repository';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
function rowsOf(body: string): string[][] {
  const parser = new CsvParser();
  return [...parser.feed(body.replace(/^\uFEFF/, '')), ...parser.end()].map((r) => r.cells);
}

describe('CSV exports', () => {
  it('exports students in the columns a students import reads, with formulas neutralised', async () => {
    const group = 'EXP-1';
    const plain = await createStudent(t.handle.db, { group });
    const formula = await createStudent(t.handle.db, { group, name: '=cmd|"/C calc"!A0' });
    await createStudent(t.handle.db, { group: 'EXP-OTHER' });
    const res = await get(`/api/export/students.csv?group=${group}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="students-EXP-1-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual([
      'RollNo',
      'name',
      'FatherName',
      'MotherName',
      'Gender',
      'Dob',
      'Category',
      'phoneNo',
      'email',
      'group',
      'GuardianName',
      'GuardianEmail',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([String(plain.rollNo), String(formula.rollNo)]);
    expect(rows[2]![1]).toBe(`'=cmd|"/C calc"!A0`);
    expect(res.body).toContain(`"'=cmd|""/C calc""!A0"`);

    // Imported again as it is, nothing changes: the apostrophe is taken off again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/import/students/check',
      payload: res.body,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
    });
    expect(again.json<ImportReport>()).toMatchObject({
      counts: { created: 0, updated: 0, unchanged: 2 },
      errorCount: 0,
    });
  });

  it('quotes cells that hold a semicolon or a tab, so a spreadsheet splitting on them runs no formula', async () => {
    const group = 'EXP-SEMI';
    await createStudent(t.handle.db, { group, name: 'Asha;=HYPERLINK("http://evil.example")' });
    await createStudent(t.handle.db, { group, name: 'Ravi\t=1+1' });
    const res = await get(`/api/export/students.csv?group=${group}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`,"Asha;=HYPERLINK(""http://evil.example"")",`);
    expect(res.body).toContain(`,"Ravi\t=1+1",`);
    const unquoted = res.body.replace(/"(?:[^"]|"")*"/g, '');
    expect(unquoted).not.toMatch(/[;\t]/);
    expect(rowsOf(res.body).map((r) => r[1])).toEqual([
      'name',
      'Asha;=HYPERLINK("http://evil.example")',
      'Ravi\t=1+1',
    ]);
  });

  it('reads a list page by page as it is written, not all at once', async () => {
    const group = 'EXP-PAGED';
    for (let i = 0; i < 5; i++) await createStudent(t.handle.db, { group });
    const rows = exportRepository(t.handle.db, 2).students({ group });
    const first = await rows.next();
    expect(first.done).toBe(false);
    // A student added after the first page was read still comes out: later pages are read later.
    const late = await createStudent(t.handle.db, { group });
    const rest: unknown[] = [];
    for await (const row of rows) rest.push(row[0]);
    expect(rest).toHaveLength(5);
    expect(rest.at(-1)).toBe(late.rollNo);
  });

  it('streams a large export whole, in order, across many pages', async () => {
    const group = 'EXP-LARGE';
    const accounts = Array.from({ length: 2500 }, (_, i) => ({ id: newId(), rollNo: 800_000 + i }));
    for (let i = 0; i < accounts.length; i += 500) {
      const chunk = accounts.slice(i, i + 500);
      await t.handle.db
        .insertInto('accounts')
        .values(
          chunk.map((a) => ({
            id: a.id,
            login_id: a.rollNo,
            role: 'student' as const,
            password_hash: 'x',
            created_at: nowIso(),
          })),
        )
        .execute();
      await t.handle.db
        .insertInto('students')
        .values(
          chunk.map((a) => ({
            account_id: a.id,
            roll_no: a.rollNo,
            name: `Bulk ${a.rollNo}`,
            father_name: null,
            mother_name: null,
            gender: null,
            dob: null,
            category: null,
            phone_no: null,
            email: `b${a.rollNo}@uni.example.edu`,
            group_name: group,
          })),
        )
        .execute();
    }
    const res = await get(`/api/export/marks.csv?group=${group}`);
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(2501);
    expect(rows[0]).toEqual([
      'RollNo',
      'Name',
      'group',
      '10th %age',
      '12th %age',
      'Sem-1 SGPA',
      'Sem-2 SGPA',
      'Sem-3 SGPA',
      'Sem-4 SGPA',
      'CGPA',
      'CGPA source',
    ]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(accounts.map((a) => a.rollNo));
  });

  it('exports a group’s attendance date by date over a range', async () => {
    const group = 'EXP-ATT';
    const a = await createStudent(t.handle.db, { group });
    const b = await createStudent(t.handle.db, { group });
    const teacher = await createTeacher(t.handle.db, { groups: [group] });
    const mark = (rollNo: number, date: string, status: 'Present' | 'Absent') =>
      t.handle.db
        .insertInto('attendance')
        .values({ roll_no: rollNo, date, status, marked_by: teacher.accountId, marked_at: nowIso() })
        .execute();
    await mark(a.rollNo, '2024-03-01', 'Present');
    await mark(a.rollNo, '2024-03-02', 'Absent');
    await mark(b.rollNo, '2024-03-01', 'Absent');
    await mark(b.rollNo, '2024-04-01', 'Present');
    const res = await get(`/api/export/attendance.csv?group=${group}&from=2024-03-01&to=2024-03-31`);
    expect(res.headers['content-disposition']).toContain('attendance-EXP-ATT-2024-03-01-to-2024-03-31.csv');
    expect(rowsOf(res.body)).toEqual([
      ['RollNo', 'name', 'date', 'status'],
      [String(a.rollNo), a.name, '2024-03-01', 'Present'],
      [String(a.rollNo), a.name, '2024-03-02', 'Absent'],
      [String(b.rollNo), b.name, '2024-03-01', 'Absent'],
    ]);
    const bad = await get(`/api/export/attendance.csv?group=${group}&from=2024-04-01&to=2024-03-01`);
    expect(bad.statusCode).toBe(400);
  });

  it('exports teachers with their groups, mentor assignments, gate passes and queries', async () => {
    const teacher = await createTeacher(t.handle.db, { groups: ['EXP-T1', 'EXP-T2'] });
    const student = await createStudent(t.handle.db, { group: 'EXP-T1' });
    const studentToken = await login(t.app, student.loginId);
    await t.app.inject({
      method: 'POST',
      url: '/api/submit-gatepass',
      headers: bearer(studentToken),
      payload: { date: '2030-01-01', time: '10:00', reason: '@SUM(1+1)', contact: '9876543210' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/submit-query',
      headers: bearer(studentToken),
      payload: { topic: '+topic', tags: ['a', 'b'], query: '-description' },
    });

    const teachers = rowsOf((await get('/api/export/teachers.csv')).body);
    expect(teachers[0]).toEqual(['teacherId', 'name', 'Gender', 'Dob', 'phoneNo', 'email', 'groups']);
    expect(teachers.find((r) => r[0] === String(teacher.loginId))?.[6]).toBe('EXP-T1; EXP-T2');

    const mentors = rowsOf((await get('/api/export/mentors.csv?group=EXP-T2')).body);
    expect(mentors).toEqual([
      ['teacherId', 'name', 'group'],
      [String(teacher.loginId), teacher.name, 'EXP-T2'],
    ]);

    const passes = rowsOf((await get('/api/export/gatepasses.csv')).body);
    expect(passes[0]).toContain('approvedStatus');
    const pass = passes.find((r) => r[1] === String(student.rollNo))!;
    expect(pass[7]).toBe("'@SUM(1+1)");
    expect(pass[8]).toBe('pending');

    const queries = rowsOf((await get('/api/export/queries.csv')).body);
    const query = queries.find((r) => r[1] === String(student.rollNo))!;
    expect(query.slice(3, 6)).toEqual(["'+topic", 'a, b', "'-description"]);
  });
});

describe('the students export, from the Manage Students list', () => {
  const as = (who: string, url: string) => t.app.inject({ url, headers: bearer(who) });
  const rollNos = (body: string) =>
    rowsOf(body)
      .slice(1)
      .map((r) => r[0]);

  it('gives a teacher the rows their list shows: the group, the search and the status it names', async () => {
    const group = 'EXP-FILTER';
    const asha = await createStudent(t.handle.db, { group, name: 'Asha Verma' });
    await createStudent(t.handle.db, { group, name: 'Ravi Kumar' });
    const gone = await createStudent(t.handle.db, { group, name: 'Asha Nair' });
    await createStudent(t.handle.db, { group: 'EXP-FILTER-OTHER', name: 'Asha Other' });
    await t.handle.db
      .updateTable('accounts')
      .set({ deactivated_at: nowIso() })
      .where('id', '=', gone.accountId)
      .execute();
    const teacher = await login(t.app, (await createTeacher(t.handle.db)).loginId);

    const list = await as(teacher, `/api/manage-students?group=${group}&search=ASHA`);
    expect(list.statusCode).toBe(200);
    const shown = list.json<{ RollNo: number }[]>().map((s) => String(s.RollNo));
    expect(shown).toEqual([String(asha.rollNo), String(gone.rollNo)]);

    const res = await as(teacher, `/api/export/students.csv?group=${group}&search=ASHA`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="students-EXP-FILTER-\d{4}-\d\d-\d\d\.csv"/);
    expect(rollNos(res.body)).toEqual(shown);

    // A roll number typed into the search finds its student, as in the list.
    const byNumber = await as(teacher, `/api/export/students.csv?search=${asha.rollNo}`);
    expect(byNumber.statusCode).toBe(200);
    expect(rollNos(byNumber.body)).toEqual([String(asha.rollNo)]);

    const active = await as(token, `/api/export/students.csv?group=${group}&search=asha&status=active`);
    expect(active.statusCode).toBe(200);
    expect(rollNos(active.body)).toEqual([String(asha.rollNo)]);
  });

  it('refuses a filter it cannot read with a 400 naming it, and a student with 403', async () => {
    const status = await get('/api/export/students.csv?status=maybe');
    expect(status.statusCode).toBe(400);
    expect(status.json<{ message: string }>().message).toMatch(/status/);

    const search = await get(`/api/export/students.csv?search=${'a'.repeat(101)}`);
    expect(search.statusCode).toBe(400);
    expect(search.json<{ message: string }>().message).toMatch(/search/);

    const student = await login(t.app, (await createStudent(t.handle.db)).loginId);
    const refused = await as(student, '/api/export/students.csv');
    expect(refused.statusCode).toBe(403);
  });
});
