import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';

let t: TestApp;
let adminToken: string;
let teacherToken: string;
let studentToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  teacherToken = await login(t.app, (await createTeacher(t.handle.db, { groups: ['GR-0'] })).loginId);
  studentToken = await login(t.app, (await createStudent(t.handle.db, { group: 'GR-0' })).loginId);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, token = adminToken) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const path = (name: string) => `/api/groups/${encodeURIComponent(name)}`;

async function summaryOf(name: string) {
  const res = await call('GET', '/api/groups/summary');
  expect(res.statusCode).toBe(200);
  return res
    .json<{ name: string; students: number; mentors: { teacherId: number; name: string }[] }[]>()
    .find((g) => g.name === name);
}

describe('creating groups', () => {
  it('creates an empty group, which the group filter lists at once; 409 for a taken name', async () => {
    const res = await call('POST', '/api/groups', { name: 'Physics 2025 (A)' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Group created',
      group: { name: 'Physics 2025 (A)', students: 0, mentors: [] },
      changes: [],
    });
    const names = await call('GET', '/api/groups', undefined, teacherToken);
    expect(names.json()).toContain('Physics 2025 (A)');
    expect(await summaryOf('Physics 2025 (A)')).toEqual({
      name: 'Physics 2025 (A)',
      students: 0,
      mentors: [],
    });

    const again = await call('POST', '/api/groups', { name: 'Physics 2025 (A)' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A group named Physics 2025 (A) already exists');
    expect((await call('GET', '/api/audit-log?kind=group.create')).json()[0]).toMatchObject({
      target: 'Physics 2025 (A)',
    });
  });

  it('refuses a name that looks the same as another group, in another script or case', async () => {
    expect((await call('POST', '/api/groups', { name: 'LK-A' })).statusCode).toBe(201);
    // A Cyrillic К, the same in lower case, and in full-width letters.
    for (const lookalike of ['L\u041A-A', 'lk-a', 'ＬＫ-Ａ']) {
      const res = await call('POST', '/api/groups', { name: lookalike });
      expect(res.statusCode, lookalike).toBe(409);
      expect(res.json().message).toBe(
        `name ${lookalike} looks the same as the group LK-A: choose a name that reads differently`,
      );
    }
    expect((await call('POST', '/api/groups', { name: 'LK-B' })).statusCode).toBe(201);
    const rename = await call('PUT', path('LK-B'), { name: 'L\u039A-A' });
    expect(rename.statusCode).toBe(409);
    // A group may still change the case of its own name.
    expect((await call('PUT', path('LK-B'), { name: 'lk-b' })).statusCode).toBe(200);
  });

  it('refuses a bad name with 400 naming the field, and non-admins with 403', async () => {
    const slash = await call('POST', '/api/groups', { name: 'A/B' });
    expect(slash.statusCode).toBe(400);
    expect(slash.json().message).toBe('name may hold letters, digits, spaces and . _ - + & ( ) only');
    expect((await call('POST', '/api/groups', { name: '' })).json().message).toBe('name is required');
    expect((await call('POST', '/api/groups', { name: 'X', role: 'admin' })).json().message).toBe(
      'body cannot set role here',
    );
    for (const token of [teacherToken, studentToken]) {
      expect((await call('POST', '/api/groups', { name: 'Nope' }, token)).statusCode).toBe(403);
      expect((await call('GET', '/api/groups/summary', undefined, token)).statusCode).toBe(403);
      expect((await call('PUT', path('GR-0'), { name: 'GR-Z' }, token)).statusCode).toBe(403);
      expect((await call('PUT', `${path('GR-0')}/mentors`, { teacherIds: [] }, token)).statusCode).toBe(403);
      expect((await call('POST', `${path('GR-0')}/students`, { rollNos: [1] }, token)).statusCode).toBe(403);
    }
  });
});

describe('renaming a group', () => {
  it("renames it in the students' records and the mentors' in one go", async () => {
    const mentor = await createTeacher(t.handle.db, { groups: ['GR-1'] });
    const student = await createStudent(t.handle.db, { group: 'GR-1' });
    const res = await call('PUT', path('GR-1'), { name: 'GR-1 renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Group renamed',
      group: {
        name: 'GR-1 renamed',
        students: 1,
        mentors: [{ teacherId: mentor.loginId, name: mentor.name }],
      },
      changes: [{ field: 'name', from: 'GR-1', to: 'GR-1 renamed' }],
    });
    const details = await call('GET', `/api/student-details/${student.rollNo}`);
    expect(details.json().group).toBe('GR-1 renamed');
    const teacher = await call('GET', `/api/teacher-details/${mentor.loginId}`);
    expect(teacher.json().groups).toEqual(['GR-1 renamed']);
    expect(await summaryOf('GR-1')).toBeUndefined();
    expect((await call('GET', '/api/audit-log?kind=group.rename')).json()[0]).toMatchObject({
      target: 'GR-1',
      detail: 'name GR-1 → GR-1 renamed',
    });
  });

  it('answers 409 for a taken name, 404 for an unknown group', async () => {
    await createStudent(t.handle.db, { group: 'GR-2' });
    await createStudent(t.handle.db, { group: 'GR-3' });
    const taken = await call('PUT', path('GR-2'), { name: 'GR-3' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A group named GR-3 already exists');
    expect((await summaryOf('GR-2'))?.students).toBe(1);
    const unknown = await call('PUT', path('No such group'), { name: 'GR-9' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no group No such group');
  });
});

describe("a group's mentors", () => {
  it('sets exactly the teachers given; contact cards, teacher details and marks access follow', async () => {
    const student = await createStudent(t.handle.db, { group: 'GR-4' });
    const studentSession = await login(t.app, student.loginId);
    const before = await createTeacher(t.handle.db, { name: 'Old Mentor', groups: ['GR-4'] });
    const after = await createTeacher(t.handle.db, { name: 'New Mentor', groups: [] });
    const afterToken = await login(t.app, after.loginId);
    expect((await call('GET', `/api/marks?group=GR-4`, undefined, afterToken)).statusCode).toBe(403);

    const res = await call('PUT', `${path('GR-4')}/mentors`, { teacherIds: [after.loginId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      group: { name: 'GR-4', mentors: [{ teacherId: after.loginId, name: 'New Mentor' }] },
      changes: [{ field: 'mentors', from: String(before.loginId), to: String(after.loginId) }],
    });

    const cards = (await call('GET', '/api/contact-teachers', undefined, studentSession)).json<
      { teacherId: number; isMentor: boolean }[]
    >();
    expect(cards.filter((c) => c.isMentor).map((c) => c.teacherId)).toEqual([after.loginId]);
    expect((await call('GET', `/api/teacher-details/${before.loginId}`)).json().groups).toEqual([]);
    expect((await call('GET', `/api/marks?group=GR-4`, undefined, afterToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/audit-log?kind=group.mentors')).json()[0]).toMatchObject({
      target: 'GR-4',
      detail: `mentors ${before.loginId} → ${after.loginId}`,
    });

    const none = await call('PUT', `${path('GR-4')}/mentors`, { teacherIds: [] });
    expect(none.json().group.mentors).toEqual([]);
  });

  it('refuses an unknown teacher id with 400 naming it, and an unknown group with 404', async () => {
    await createStudent(t.handle.db, { group: 'GR-5' });
    const res = await call('PUT', `${path('GR-5')}/mentors`, { teacherIds: [999999993] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('teacherIds has no teacher with teacher id 999999993');
    const bad = await call('PUT', `${path('GR-5')}/mentors`, { teacherIds: ['x'] });
    expect(bad.json().message).toBe('teacherIds.0 must be a teacher id');
    expect((await call('PUT', `${path('Ghost')}/mentors`, { teacherIds: [] })).statusCode).toBe(404);
  });
});

describe('moving students', () => {
  it('moves the students named into the group, and their mentor cards follow', async () => {
    await call('POST', '/api/groups', { name: 'GR-6' });
    const mentor = await createTeacher(t.handle.db, { groups: ['GR-6'] });
    const first = await createStudent(t.handle.db, { group: 'GR-7' });
    const second = await createStudent(t.handle.db, { group: 'GR-8' });
    const res = await call('POST', `${path('GR-6')}/students`, { rollNos: [first.rollNo, second.rollNo] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Students moved',
      group: { name: 'GR-6', students: 2 },
      changes: [
        { field: String(first.rollNo), from: 'GR-7', to: 'GR-6' },
        { field: String(second.rollNo), from: 'GR-8', to: 'GR-6' },
      ],
    });
    expect((await summaryOf('GR-7'))?.students).toBe(0);
    const cards = (
      await call('GET', '/api/contact-teachers', undefined, await login(t.app, first.loginId))
    ).json<{ teacherId: number; isMentor: boolean }[]>();
    expect(cards.filter((c) => c.isMentor).map((c) => c.teacherId)).toEqual([mentor.loginId]);
    expect((await call('GET', '/api/audit-log?kind=group.move')).json()[0]).toMatchObject({
      target: 'GR-6',
      detail: `${first.rollNo} GR-7 → GR-6; ${second.rollNo} GR-8 → GR-6`,
    });
  });

  it('refuses unknown roll numbers with 400 naming them, an empty list, and an unknown group with 404', async () => {
    const student = await createStudent(t.handle.db, { group: 'GR-9' });
    const res = await call('POST', `${path('GR-9')}/students`, { rollNos: [student.rollNo, 999999992] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('rollNos has no student with roll number 999999992');
    expect((await call('POST', `${path('GR-9')}/students`, { rollNos: [] })).json().message).toBe(
      'rollNos must name at least one student',
    );
    expect((await call('POST', `${path('Ghost')}/students`, { rollNos: [student.rollNo] })).statusCode).toBe(
      404,
    );
  });
});
