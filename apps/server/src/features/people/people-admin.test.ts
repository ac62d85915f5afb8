import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  ensureGroup,
  login,
  PASSWORD,
} from '../../../test/fixtures';

let t: TestApp;
let adminToken: string;
let teacherToken: string;
let studentToken: string;
let nextId = 610000;
const newUserId = () => ++nextId;

beforeAll(async () => {
  t = await createTestApp();
  await ensureGroup(t.handle.db, 'PA-1');
  await ensureGroup(t.handle.db, 'PA-2');
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  teacherToken = await login(t.app, (await createTeacher(t.handle.db, { groups: ['PA-1'] })).loginId);
  studentToken = await login(t.app, (await createStudent(t.handle.db, { group: 'PA-1' })).loginId);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const signIn = (userId: number, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { userId: String(userId), password } });

const studentBody = (rollNo: number, extra: Record<string, unknown> = {}) => ({
  RollNo: String(rollNo),
  name: 'Kavya Menon',
  FatherName: 'Ravi Menon',
  MotherName: '',
  Gender: 'Female',
  Dob: '2005-03-14',
  Category: 'General',
  phoneNo: '98765 43210',
  email: 'kavya.menon@campus.example.edu',
  group: 'PA-1',
  ...extra,
});
const studentFields: Record<string, unknown> = { ...studentBody(0) };
delete studentFields.RollNo;

const teacherBody = (teacherId: number, extra: Record<string, unknown> = {}) => ({
  teacherId,
  name: 'Dr. Irfan Qureshi',
  Gender: 'Male',
  Dob: '1979-11-02',
  phoneNo: '+91 98200 11223',
  email: 'irfan.qureshi@campus.example.edu',
  ...extra,
});

async function createdStudent(extra: Record<string, unknown> = {}) {
  const rollNo = newUserId();
  const res = await call('POST', '/api/students', adminToken, studentBody(rollNo, extra));
  expect(res.statusCode, res.body).toBe(201);
  return { rollNo, otp: res.json<{ oneTimePassword: string }>().oneTimePassword };
}

async function auditDetails(kind: string): Promise<{ target: string | null; detail: string | null }[]> {
  const res = await call('GET', `/api/audit-log?kind=${kind}`, adminToken);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('POST /api/students', () => {
  it('creates a student with every §3 field and answers a one-time password once', async () => {
    const rollNo = newUserId();
    const res = await call('POST', '/api/students', adminToken, studentBody(rollNo));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.student).toEqual({
      _id: expect.any(String),
      RollNo: rollNo,
      name: 'Kavya Menon',
      FatherName: 'Ravi Menon',
      MotherName: null,
      Gender: 'Female',
      Dob: '2005-03-14',
      Category: 'General',
      phoneNo: '98765 43210',
      email: 'kavya.menon@campus.example.edu',
      group: 'PA-1',
      designation: 'student',
      active: true,
    });
    expect(body.oneTimePassword).toMatch(/^[A-Za-z2-9]{13}$/);
    const details = await call('GET', `/api/student-details/${rollNo}`, adminToken);
    expect(details.body).not.toContain(body.oneTimePassword);

    const first = await signIn(rollNo, body.oneTimePassword);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ role: 'student', mustChangePassword: true });
    const stored = await t.handle.db
      .selectFrom('accounts')
      .select(['password_hash', 'must_change_password'])
      .where('login_id', '=', rollNo)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^otp-sha256\$/);
    expect(stored.password_hash).not.toContain(body.oneTimePassword);
    expect(stored.must_change_password).toBe(1);

    const [entry] = await auditDetails('student.create');
    expect(entry).toMatchObject({ target: String(rollNo), detail: 'Kavya Menon, group PA-1' });
    expect(JSON.stringify(await auditDetails('student.create'))).not.toContain(body.oneTimePassword);
  });

  it('refuses bad fields with 400 naming each, and an unknown group', async () => {
    const bad = await call('POST', '/api/students', adminToken, studentBody(newUserId(), { email: 'nope' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('email must be an email address');
    const id = await call('POST', '/api/students', adminToken, studentBody(newUserId(), { RollNo: '12ab' }));
    expect(id.json().message).toBe('RollNo must be a number of 1 to 9 digits');
    const phone = await call(
      'POST',
      '/api/students',
      adminToken,
      studentBody(newUserId(), { phoneNo: '12' }),
    );
    expect(phone.json().message).toMatch(/^phoneNo must be a phone number/);
    const name = await call('POST', '/api/students', adminToken, studentBody(newUserId(), { name: ' ' }));
    expect(name.json().message).toBe('name is required');
    const gender = await call('POST', '/api/students', adminToken, studentBody(newUserId(), { Gender: 'X' }));
    expect(gender.json().message).toBe('Gender must be one of Female, Male, Other');
    const rollNo = newUserId();
    const group = await call('POST', '/api/students', adminToken, studentBody(rollNo, { group: 'Nowhere' }));
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toMatch(/^group must be an existing group: there is no group Nowhere/);
    expect((await call('GET', `/api/student-details/${rollNo}`, adminToken)).statusCode).toBe(404);
    expect((await signIn(rollNo, 'anything')).statusCode).toBe(401);
  });

  it('refuses a User ID any role already has with 409 naming the ID and who has it', async () => {
    const teacher = await createTeacher(t.handle.db, { name: 'Leela Nair', groups: [] });
    const res = await call('POST', '/api/students', adminToken, studentBody(teacher.loginId));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `User ID ${teacher.loginId} is already used by teacher Leela Nair`,
    });
    const { rollNo } = await createdStudent();
    const again = await call('POST', '/api/teachers', adminToken, teacherBody(rollNo));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`User ID ${rollNo} is already used by student Kavya Menon`);
  });

  it('refuses a role or any field it does not take', async () => {
    const res = await call('POST', '/api/students', adminToken, {
      ...studentBody(newUserId()),
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body cannot set role here');
  });

  it('is for admins only', async () => {
    for (const token of [teacherToken, studentToken]) {
      expect((await call('POST', '/api/students', token, studentBody(newUserId()))).statusCode).toBe(403);
    }
  });
});

describe('PUT /api/students/:rollNo', () => {
  it('replaces the details, moves the group, and audits each change old → new', async () => {
    const { rollNo } = await createdStudent();
    const res = await call('PUT', `/api/students/${rollNo}`, adminToken, {
      ...studentFields,
      email: 'kavya@campus.example.edu',
      group: 'PA-2',
      phoneNo: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().student).toMatchObject({
      email: 'kavya@campus.example.edu',
      group: 'PA-2',
      phoneNo: null,
    });
    expect(res.json().changes).toEqual([
      { field: 'phoneNo', from: '98765 43210', to: null },
      { field: 'email', from: 'kavya.menon@campus.example.edu', to: 'kavya@campus.example.edu' },
      { field: 'group', from: 'PA-1', to: 'PA-2' },
    ]);
    const [entry] = await auditDetails('student.update');
    expect(entry).toEqual(
      expect.objectContaining({
        target: String(rollNo),
        detail:
          'phoneNo 98765 43210 → empty; email kavya.menon@campus.example.edu → kavya@campus.example.edu; group PA-1 → PA-2',
      }),
    );
  });

  it('refuses an unknown group with 400, a role field with 400, an unknown student with 404', async () => {
    const { rollNo } = await createdStudent();
    const group = await call('PUT', `/api/students/${rollNo}`, adminToken, {
      ...studentFields,
      group: 'Nope',
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toMatch(/^group must be an existing group/);
    const role = await call('PUT', `/api/students/${rollNo}`, adminToken, {
      ...studentFields,
      role: 'teacher',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe('body cannot set role here');
    const roll = await call('PUT', `/api/students/${rollNo}`, adminToken, { ...studentFields, RollNo: 1 });
    expect(roll.json().message).toBe('body cannot set RollNo here');
    const missing = await call('PUT', '/api/students/999999997', adminToken, studentFields);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No student has roll number 999999997');
  });
});

describe('deactivating and reactivating', () => {
  it("ends a student's open session at once, refuses their sign-in, and lets them back after reactivation", async () => {
    const student = await createStudent(t.handle.db, { group: 'PA-1' });
    const token = await login(t.app, student.loginId);
    const own = `/api/student-details/${student.rollNo}`;
    expect((await call('GET', own, token)).statusCode).toBe(200);

    const off = await call('PUT', `/api/students/${student.rollNo}/active`, adminToken, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Account deactivated', student: { active: false } });
    const after = await call('GET', own, token);
    expect(after.statusCode).toBe(401);

    const refused = await signIn(student.loginId, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This account has been deactivated. Please contact the campus office if you need it again.',
    );
    // A wrong password learns nothing about the account.
    expect((await signIn(student.loginId, 'wrong password')).json().message).toBe(
      'Invalid User ID or password',
    );

    // The record stays, marked inactive, and admin lists filter by status.
    const inactive = await call('GET', `/api/student?status=inactive&search=${student.rollNo}`, adminToken);
    expect(inactive.json()).toEqual([expect.objectContaining({ RollNo: student.rollNo, active: false })]);
    const active = await call('GET', `/api/student?status=active&search=${student.rollNo}`, adminToken);
    expect(active.json()).toEqual([]);
    expect((await call('GET', '/api/student?status=gone', adminToken)).json().message).toBe(
      'status must be active or inactive',
    );

    const on = await call('PUT', `/api/students/${student.rollNo}/active`, adminToken, { active: true });
    expect(on.json()).toMatchObject({ message: 'Account reactivated', student: { active: true } });
    expect((await signIn(student.loginId, PASSWORD)).statusCode).toBe(200);
    expect((await auditDetails('account.status')).map((e) => e.detail)).toEqual(
      expect.arrayContaining(['student deactivated', 'student reactivated']),
    );
  });

  it('counts a deactivated sign-in as a failure for throttling', async () => {
    const student = await createStudent(t.handle.db, { group: 'PA-1' });
    await call('PUT', `/api/students/${student.rollNo}/active`, adminToken, { active: false });
    for (let i = 0; i < 5; i++) expect((await signIn(student.loginId, PASSWORD)).statusCode).toBe(403);
    expect((await signIn(student.loginId, PASSWORD)).statusCode).toBe(429);
  });

  it('deactivates a teacher, whose session ends and who cannot sign in; 404 for nobody, 400 without active', async () => {
    const teacher = await createTeacher(t.handle.db, { groups: [] });
    const token = await login(t.app, teacher.loginId);
    const off = await call('PUT', `/api/teachers/${teacher.loginId}/active`, adminToken, { active: false });
    expect(off.json()).toMatchObject({ teacher: { teacherId: teacher.loginId, active: false } });
    expect((await call('GET', '/api/get-notices', token)).statusCode).toBe(401);
    expect((await signIn(teacher.loginId, PASSWORD)).statusCode).toBe(403);
    const listed = await call('GET', `/api/teachers?status=inactive&search=${teacher.loginId}`, adminToken);
    expect(listed.json()).toEqual([expect.objectContaining({ teacherId: teacher.loginId, active: false })]);
    // Students no longer get a card to contact them; reactivation brings it back.
    const cards = async () =>
      (await call('GET', '/api/contact-teachers', studentToken))
        .json<{ teacherId: number }[]>()
        .map((c) => c.teacherId);
    expect(await cards()).not.toContain(teacher.loginId);
    await call('PUT', `/api/teachers/${teacher.loginId}/active`, adminToken, { active: true });
    expect(await cards()).toContain(teacher.loginId);
    await call('PUT', `/api/teachers/${teacher.loginId}/active`, adminToken, { active: false });

    expect(
      (await call('PUT', '/api/teachers/999999996/active', adminToken, { active: false })).statusCode,
    ).toBe(404);
    const bad = await call('PUT', `/api/teachers/${teacher.loginId}/active`, adminToken, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('active must be true or false');
    // A student's roll number is not a teacher id.
    const student = await createStudent(t.handle.db, { group: 'PA-1' });
    expect(
      (await call('PUT', `/api/teachers/${student.rollNo}/active`, adminToken, { active: false })).statusCode,
    ).toBe(404);
  });
});

describe('resetting a password', () => {
  it('answers a one-time password once, ends every session, and the old password stops working', async () => {
    const teacher = await createTeacher(t.handle.db, { groups: [] });
    const token = await login(t.app, teacher.loginId);
    const res = await call('POST', `/api/teachers/${teacher.loginId}/reset-password`, adminToken, {});
    expect(res.statusCode).toBe(200);
    const { oneTimePassword } = res.json<{ oneTimePassword: string }>();
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{13}$/);
    expect((await call('GET', '/api/get-notices', token)).statusCode).toBe(401);
    expect((await signIn(teacher.loginId, PASSWORD)).statusCode).toBe(401);
    const fresh = await signIn(teacher.loginId, oneTimePassword);
    expect(fresh.json()).toMatchObject({ role: 'teacher', mustChangePassword: true });
    const entries = await auditDetails('password.reset');
    expect(entries[0]).toMatchObject({ target: String(teacher.loginId), detail: 'teacher' });
    expect(JSON.stringify(entries)).not.toContain(oneTimePassword);

    const { rollNo } = await createdStudent();
    expect((await call('POST', `/api/students/${rollNo}/reset-password`, adminToken, {})).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/students/999999995/reset-password', adminToken, {})).statusCode).toBe(
      404,
    );
  });
});

describe('teachers', () => {
  it('creates a teacher and edits their details, auditing old → new', async () => {
    const teacherId = newUserId();
    const created = await call('POST', '/api/teachers', adminToken, teacherBody(teacherId));
    expect(created.statusCode).toBe(201);
    expect(created.json().teacher).toEqual({
      _id: expect.any(String),
      name: 'Dr. Irfan Qureshi',
      teacherId,
      Gender: 'Male',
      Dob: '1979-11-02',
      phoneNo: '+91 98200 11223',
      email: 'irfan.qureshi@campus.example.edu',
      designation: 'teacher',
      groups: [],
      active: true,
    });
    const fields: Record<string, unknown> = { ...teacherBody(teacherId) };
    delete fields.teacherId;
    const edited = await call('PUT', `/api/teachers/${teacherId}`, adminToken, {
      ...fields,
      name: 'Dr. Irfan Q.',
    });
    expect(edited.json()).toMatchObject({
      message: 'Teacher saved',
      teacher: { name: 'Dr. Irfan Q.' },
      changes: [{ field: 'name', from: 'Dr. Irfan Qureshi', to: 'Dr. Irfan Q.' }],
    });
    expect((await auditDetails('teacher.update'))[0]?.detail).toBe('name Dr. Irfan Qureshi → Dr. Irfan Q.');
    const same = await call('PUT', `/api/teachers/${teacherId}`, adminToken, {
      ...fields,
      name: 'Dr. Irfan Q.',
    });
    expect(same.json()).toMatchObject({ message: 'Nothing changed', changes: [] });
    const bad = await call('PUT', `/api/teachers/${teacherId}`, adminToken, { ...fields, Dob: '02/11/1979' });
    expect(bad.json().message).toBe('Dob must be a date in the form YYYY-MM-DD');
    expect((await call('PUT', '/api/teachers/999999994', adminToken, fields)).statusCode).toBe(404);
  });
});

describe('PUT /api/profile/contact', () => {
  it('lets a student and a teacher change their own email and phone, audited', async () => {
    const student = await createStudent(t.handle.db, { group: 'PA-1' });
    const token = await login(t.app, student.loginId);
    const res = await call('PUT', '/api/profile/contact', token, {
      email: 'new.me@campus.example.edu',
      phoneNo: '90000 11111',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'new.me@campus.example.edu', phoneNo: '90000 11111' });
    const details = await call('GET', `/api/student-details/${student.rollNo}`, token);
    expect(details.json()).toMatchObject({ email: 'new.me@campus.example.edu', phoneNo: '90000 11111' });
    const [entry] = await auditDetails('profile.contact');
    expect(entry?.detail).toMatch(/^email .* → new\.me@campus\.example\.edu; phoneNo .* → 90000 11111$/);

    const teacher = await createTeacher(t.handle.db, { groups: [] });
    const teacherRes = await call('PUT', '/api/profile/contact', await login(t.app, teacher.loginId), {
      email: 'teach@campus.example.edu',
      phoneNo: null,
    });
    expect(teacherRes.json()).toMatchObject({ email: 'teach@campus.example.edu', phoneNo: null });
  });

  it('lets an admin change their email only', async () => {
    const admin = await createAdmin(t.handle.db);
    const token = await login(t.app, admin.loginId);
    const ok = await call('PUT', '/api/profile/contact', token, { email: 'office@campus.example.edu' });
    expect(ok.statusCode).toBe(200);
    const decoded = await call('GET', `/api/post-data-from-token/${token}`, token);
    expect(decoded.json().decoded.email).toBe('office@campus.example.edu');
    const phone = await call('PUT', '/api/profile/contact', token, {
      email: 'a@campus.example.edu',
      phoneNo: '9876543210',
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toBe('phoneNo cannot be set: an admin has an email only');
  });

  it('refuses a role, a name or a roll number: nobody changes their own role', async () => {
    const student = await createStudent(t.handle.db, { group: 'PA-1' });
    const token = await login(t.app, student.loginId);
    for (const [extra, named] of [
      [{ role: 'admin' }, 'role'],
      [{ designation: 'teacher' }, 'designation'],
      [{ RollNo: 1 }, 'RollNo'],
      [{ name: 'Someone Else' }, 'name'],
    ] as const) {
      const res = await call('PUT', '/api/profile/contact', token, {
        email: 'x@campus.example.edu',
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`body cannot set ${named} here`);
    }
    const bad = await call('PUT', '/api/profile/contact', token, { email: 'not-an-email' });
    expect(bad.json().message).toBe('email must be an email address');
    const decoded = await call('GET', `/api/post-data-from-token/${token}`, token);
    expect(decoded.json().decoded).toMatchObject({
      role: 'student',
      RollNo: student.rollNo,
      email: student.email,
    });
    // Students reach no admin management route.
    for (const [method, url] of [
      ['PUT', `/api/students/${student.rollNo}`],
      ['PUT', `/api/students/${student.rollNo}/active`],
      ['POST', `/api/students/${student.rollNo}/reset-password`],
    ] as const) {
      expect((await call(method, url, token, { active: true })).statusCode).toBe(403);
    }
  });
});
