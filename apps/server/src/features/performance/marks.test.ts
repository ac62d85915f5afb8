import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeCgpa,
  type AuditEntry,
  type MarksRecord,
  type MarksUpdateInput,
  type MarksUpdateResponse,
  type Performance,
} from '@campus/contract';
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

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

/** A group of its own, a mentor of it with a token, and a student in it, for one test. */
async function mentorAndMentee(): Promise<{
  group: string;
  mentor: Person;
  token: string;
  student: StudentPerson;
}> {
  const group = `MK-${randomUUID().slice(0, 8)}`;
  const mentor = await createTeacher(t.handle.db, { groups: [group] });
  const student = await createStudent(t.handle.db, { group });
  return { group, mentor, token: await login(t.app, mentor.loginId), student };
}

const put = (rollNo: number, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/marks/${rollNo}`,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });
const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });

const FIRST: MarksUpdateInput = {
  '10th %age': 91.5,
  '12th %age': 88,
  'Sem-1 SGPA': 8.1,
  'Sem-2 SGPA': 8.4,
  'Sem-3 SGPA': null,
  'Sem-4 SGPA': 7.95,
  cgpaSource: 'computed',
};

async function auditOf(actor: Person): Promise<AuditEntry[]> {
  const res = await get(`/api/audit-log?kind=marks.update&actor=${actor.loginId}`, adminToken);
  expect(res.statusCode).toBe(200);
  return res.json<AuditEntry[]>();
}

describe('computeCgpa', () => {
  it('is the mean of the known SGPAs to 2 decimals, rounding half up, and null with none', () => {
    expect(computeCgpa([8.1, 8.4, null, 7.95])).toBe(8.15);
    expect(computeCgpa([8.01, 8])).toBe(8.01);
    expect(computeCgpa([9, 8, 8])).toBe(8.33);
    expect(computeCgpa([null, null, null, null])).toBeNull();
    expect(computeCgpa([10, 10, 10, 10])).toBe(10);
  });
});

describe('PUT /api/marks/:rollNo', () => {
  it("lets a mentor enter a mentee's first marks, the CGPA computed, seen on the unchanged performance reads", async () => {
    const { token, mentor, student } = await mentorAndMentee();
    const res = await put(student.rollNo, FIRST, token);
    expect(res.statusCode).toBe(200);
    const body = res.json<MarksUpdateResponse>();
    expect(body.message).toBe('Marks saved');
    expect(body.record).toEqual({
      RollNo: student.rollNo,
      Name: student.name,
      group: student.group,
      ...FIRST,
      CGPA: 8.15,
    });
    expect(body.changes.map((c) => c.field)).toEqual([
      '10th %age',
      '12th %age',
      'Sem-1 SGPA',
      'Sem-2 SGPA',
      'Sem-4 SGPA',
      'CGPA',
      'cgpaSource',
    ]);

    const expected: Performance = {
      RollNo: student.rollNo,
      Name: student.name,
      '10th %age': 91.5,
      '12th %age': 88,
      'Sem-1 SGPA': 8.1,
      'Sem-2 SGPA': 8.4,
      'Sem-3 SGPA': null,
      'Sem-4 SGPA': 7.95,
      CGPA: 8.15,
    };
    const own = await get(`/api/performance/${student.rollNo}`, await login(t.app, student.loginId));
    expect(own.json()).toEqual([expected]);
    const table = await get(`/api/students-performance?search=${student.rollNo}`, token);
    expect(table.json()).toEqual([expected]);

    const [entry, ...more] = await auditOf(mentor);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'marks.update',
      target: String(student.rollNo),
      actorRole: 'teacher',
    });
    expect(entry!.detail).toBe(
      '10th %age empty → 91.5; 12th %age empty → 88; Sem-1 SGPA empty → 8.1; Sem-2 SGPA empty → 8.4; ' +
        'Sem-4 SGPA empty → 7.95; CGPA empty → 8.15; CGPA source empty → computed',
    );
  });

  it('audits a correction with the old and new value of each changed field only', async () => {
    const { token, mentor, student } = await mentorAndMentee();
    await put(student.rollNo, FIRST, token);
    const res = await put(student.rollNo, { ...FIRST, 'Sem-3 SGPA': '8.5', '12th %age': '88.25' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json<MarksUpdateResponse>().changes).toEqual([
      { field: '12th %age', from: 88, to: 88.25 },
      { field: 'Sem-3 SGPA', from: null, to: 8.5 },
      { field: 'CGPA', from: 8.15, to: 8.24 },
    ]);
    const entries = await auditOf(mentor);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.detail).toBe('12th %age 88 → 88.25; Sem-3 SGPA empty → 8.5; CGPA 8.15 → 8.24');
  });

  it('keeps an entered CGPA as given, says so, and audits the switch', async () => {
    const { token, mentor, student } = await mentorAndMentee();
    await put(student.rollNo, FIRST, token);
    const res = await put(student.rollNo, { ...FIRST, cgpaSource: 'entered', CGPA: 8.31 }, token);
    expect(res.json<MarksUpdateResponse>().record).toMatchObject({ CGPA: 8.31, cgpaSource: 'entered' });
    const record = await get(`/api/marks/${student.rollNo}`, token);
    expect(record.json<MarksRecord>()).toMatchObject({
      CGPA: 8.31,
      cgpaSource: 'entered',
      'Sem-4 SGPA': 7.95,
    });
    expect((await auditOf(mentor))[0]!.detail).toBe('CGPA 8.15 → 8.31; CGPA source computed → entered');

    // An entered CGPA may stay unknown; a computed one ignores any CGPA sent.
    const unknown = await put(student.rollNo, { ...FIRST, cgpaSource: 'entered', CGPA: null }, token);
    expect(unknown.json<MarksUpdateResponse>().record.CGPA).toBeNull();
    const computed = await put(student.rollNo, { ...FIRST, CGPA: 3 }, token);
    expect(computed.json<MarksUpdateResponse>().record).toMatchObject({ CGPA: 8.15, cgpaSource: 'computed' });
  });

  it('writes and audits nothing new when nothing changed, and says so', async () => {
    const { token, mentor, student } = await mentorAndMentee();
    await put(student.rollNo, FIRST, token);
    const again = await put(student.rollNo, { ...FIRST, '10th %age': '91.50' }, token);
    expect(again.statusCode).toBe(200);
    expect(again.json<MarksUpdateResponse>()).toMatchObject({ message: 'Nothing changed', changes: [] });
    expect((await auditOf(mentor)).map((e) => e.detail)).toEqual([
      'no change',
      expect.stringContaining('empty → 91.5'),
    ]);
  });

  it("refuses a teacher who does not mentor the student's group with 403 and changes nothing", async () => {
    const { token: mentorToken, student } = await mentorAndMentee();
    await put(student.rollNo, FIRST, mentorToken);
    const outsider = await createTeacher(t.handle.db, { groups: [`OTHER-${randomUUID().slice(0, 8)}`] });
    const res = await put(
      student.rollNo,
      { ...FIRST, '10th %age': 12 },
      await login(t.app, outsider.loginId),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `You can change the marks of students of the groups you mentor only; student ${student.rollNo} is in ${student.group}`,
    );
    expect((await get(`/api/marks/${student.rollNo}`, mentorToken)).json<MarksRecord>()['10th %age']).toBe(
      91.5,
    );
    expect(await auditOf(outsider)).toEqual([]);
  });

  it('refuses students, their own marks too, and anonymous callers', async () => {
    const { student } = await mentorAndMentee();
    const studentToken = await login(t.app, student.loginId);
    const own = await put(student.rollNo, FIRST, studentToken);
    expect(own.statusCode).toBe(403);
    expect((await get(`/api/marks/${student.rollNo}`, studentToken)).statusCode).toBe(403);
    expect((await get(`/api/marks?group=${student.group}`, studentToken)).statusCode).toBe(403);
    expect((await put(student.rollNo, FIRST)).statusCode).toBe(401);
    expect((await get(`/api/performance/${student.rollNo}`, studentToken)).json()).toEqual([]);
  });

  it("lets an admin enter any student's marks, audited under the admin", async () => {
    const student = await createStudent(t.handle.db, { group: `NOMENTOR-${randomUUID().slice(0, 8)}` });
    const admin = await createAdmin(t.handle.db);
    const res = await put(
      student.rollNo,
      { ...FIRST, cgpaSource: 'entered', CGPA: 9 },
      await login(t.app, admin.loginId),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<MarksUpdateResponse>().record).toMatchObject({ CGPA: 9, cgpaSource: 'entered' });
    const [entry] = await auditOf(admin);
    expect(entry).toMatchObject({ actorRole: 'admin', target: String(student.rollNo) });
  });

  it('refuses bad marks with 400 naming the field, and an unknown student with 404', async () => {
    const { token, student } = await mentorAndMentee();
    const cases: [unknown, string][] = [
      [{ ...FIRST, '10th %age': 100.5 }, '10th %age must be a number from 0 to 100'],
      [{ ...FIRST, '12th %age': -1 }, '12th %age must be a number from 0 to 100'],
      [{ ...FIRST, 'Sem-2 SGPA': 10.01 }, 'Sem-2 SGPA must be a number from 0 to 10'],
      [{ ...FIRST, 'Sem-1 SGPA': 'eight' }, 'Sem-1 SGPA must be a number from 0 to 10'],
      [{ ...FIRST, 'Sem-1 SGPA': 8.125 }, 'Sem-1 SGPA must have at most 2 decimal places'],
      [{ ...FIRST, 'Sem-3 SGPA': undefined }, 'Sem-3 SGPA is required (null while it is not known)'],
      [{ ...FIRST, cgpaSource: 'guessed' }, 'cgpaSource must be computed or entered'],
      [
        { ...FIRST, cgpaSource: 'entered' },
        'CGPA is required when cgpaSource is entered (null while it is not known)',
      ],
      [{ ...FIRST, cgpaSource: 'entered', CGPA: 11 }, 'CGPA must be a number from 0 to 10'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(student.rollNo, payload, token);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await get(`/api/marks/${student.rollNo}`, token)).json<MarksRecord>().cgpaSource).toBeNull();
    const unknown = await put(987654321, FIRST, adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No student with roll number 987654321');
    expect((await put(12, { ...FIRST }, 'not-a-token')).statusCode).toBe(401);
  });

  it('tells each of two editors saving at once the changes it made', async () => {
    const { token, student } = await mentorAndMentee();
    const [a, b] = await Promise.all([
      put(student.rollNo, { ...FIRST, 'Sem-1 SGPA': 7 }, token),
      put(student.rollNo, { ...FIRST, 'Sem-1 SGPA': 9 }, adminToken),
    ]);
    const changes = [a, b].map((res) =>
      res.json<MarksUpdateResponse>().changes.find((c) => c.field === 'Sem-1 SGPA'),
    );
    // Whichever went first replaced nothing; the other replaced what the first wrote.
    const first = changes.find((c) => c?.from === null);
    const second = changes.find((c) => c?.from !== null);
    expect(first?.to).toBeTypeOf('number');
    expect(second?.from).toBe(first?.to);
    expect(second?.to).not.toBe(first?.to);
  });
});

describe('GET /api/marks and /api/marks/:rollNo', () => {
  it("lists a mentored group's students by roll number, with or without marks", async () => {
    const { token, group, student } = await mentorAndMentee();
    const second = await createStudent(t.handle.db, { group, name: 'Zed Without Marks' });
    await put(student.rollNo, FIRST, token);
    const res = await get(`/api/marks?group=${group}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      { RollNo: student.rollNo, Name: student.name, group, ...FIRST, CGPA: 8.15 },
      {
        RollNo: second.rollNo,
        Name: 'Zed Without Marks',
        group,
        '10th %age': null,
        '12th %age': null,
        'Sem-1 SGPA': null,
        'Sem-2 SGPA': null,
        'Sem-3 SGPA': null,
        'Sem-4 SGPA': null,
        CGPA: null,
        cgpaSource: null,
      },
    ]);
    expect((await get(`/api/marks?group=${group}`, adminToken)).json()).toHaveLength(2);
  });

  it("refuses a teacher another group's marks list, but not one student's marks", async () => {
    const { group, student } = await mentorAndMentee();
    const other = await login(t.app, (await createTeacher(t.handle.db, { groups: ['ELSEWHERE'] })).loginId);
    const list = await get(`/api/marks?group=${group}`, other);
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(
      `You can open the marks of the groups you mentor only, and you do not mentor ${group}`,
    );
    const one = await get(`/api/marks/${student.rollNo}`, other);
    expect(one.statusCode).toBe(200);
    expect(one.json<MarksRecord>()).toMatchObject({ RollNo: student.rollNo, group, cgpaSource: null });
    expect((await get('/api/marks/987654321', other)).statusCode).toBe(404);
    const noGroup = await get('/api/marks', other);
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().message).toMatch(/^group /);
  });
});

describe('the API description', () => {
  it('documents the marks routes and the fields an update takes', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses: object }>
    >;
    expect(paths['/api/marks']?.get?.responses).toHaveProperty('200');
    expect(paths['/api/marks/{rollNo}']?.get?.responses).toHaveProperty('200');
    const update = JSON.stringify(paths['/api/marks/{rollNo}']?.put?.requestBody);
    for (const field of ['10th %age', 'Sem-4 SGPA', 'cgpaSource', 'CGPA']) expect(update).toContain(field);
  });
});
