import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceReport, AttendanceStatus, EraseResponse } from '@campus/contract';
import { loggerOptions } from '../../app';
import type { Db } from '../../db/index';
import { newId, nowIso } from '../../lib/ids';
import { insertEntries } from '../audit/repository';
import { createTestApp, type TestApp } from '../../../test/app';
import { everyTable } from '../../../test/every-table';
import {
  bearer,
  createAdmin,
  createGuardian,
  createStudent,
  createTeacher,
  login,
  PASSWORD,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';

const NOW = Date.parse('2024-03-08T12:00:00Z');
const DAYS = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07'];
const NAME = 'Zarafina Quintero-Whitfield';
const GUARDIAN = { name: 'Rosalind Quintero', email: 'rosalind.quintero@home.example' };

let t: TestApp;
const logs: string[] = [];
let group: string;
let student: StudentPerson;
let classmate: StudentPerson;
let admin: Person;
let tokens: Record<'student' | 'classmate' | 'mentor' | 'admin', string>;
let phone: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function mark(date: string, statuses: [StudentPerson, AttendanceStatus][]) {
  const records = statuses.map(([s, status]) => ({ studentId: s.rollNo, status }));
  const res = await call('POST', '/api/mark-attendance', tokens.mentor, { date, attendanceRecords: records });
  expect(res.statusCode, res.body).toBe(200);
}

/** The student's records of every kind: a pass, a query, marks, attendance, leave, a support message. */
async function giveRecords(db: Db) {
  const pass = await call('POST', '/api/submit-gatepass', tokens.student, {
    date: '2030-04-05',
    time: '14:30',
    reason: 'Sister wedding in Pune',
  });
  expect(pass.statusCode, pass.body).toBe(201);
  const query = await call('POST', '/api/submit-query', tokens.student, {
    topic: 'Library fines for lost cards',
    tags: 'library',
    query: `I am ${NAME}, can my fine be waived?`,
    anonymous: true,
  });
  expect(query.statusCode, query.body).toBe(201);
  await db
    .insertInto('performance')
    .values({ roll_no: student.rollNo, tenth_percent: 91.5, twelfth_percent: 88, sem1_sgpa: 8.7, cgpa: 8.7 })
    .execute();
  for (const [i, date] of DAYS.entries()) {
    await mark(date, [
      [student, i === 1 ? 'Absent' : 'Present'],
      [classmate, i < 2 ? 'Absent' : 'Present'],
    ]);
  }
  const leaveId = newId();
  await db
    .insertInto('leave_applications')
    .values({
      id: leaveId,
      roll_no: student.rollNo,
      from_date: '2024-03-11',
      to_date: '2024-03-12',
      reason: 'Medical appointment at the clinic',
      status: 'pending',
      created_at: nowIso(),
      decided_by: null,
      decided_at: null,
      reject_reason: null,
    })
    .execute();
  await db
    .insertInto('leave_attachments')
    .values({
      leave_id: leaveId,
      name: 'note.txt',
      type: 'text/plain',
      size: 20,
      data: new TextEncoder().encode(`Doctor note for ${NAME}`),
    })
    .execute();
  // As an admin's adding of the student is recorded (features/audit/recorder.ts).
  await insertEntries([
    {
      kind: 'student.create',
      actorLoginId: admin.loginId,
      actorRole: 'admin',
      target: String(student.rollNo),
      detail: `${NAME}, group ${group}`,
    },
  ]).execute(db);
  const support = await t.app.inject({
    method: 'POST',
    url: '/api/support-add',
    payload: { name: NAME, email: student.email, message: `Call me on ${phone}` },
  });
  expect(support.statusCode, support.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({
    now: () => NOW,
    logger: loggerOptions('trace', { write: (line: string) => void logs.push(line) }),
  });
  const db = t.handle.db;
  group = `PRV-${randomUUID().slice(0, 8)}`;
  const mentor = await createTeacher(db, { groups: [group] });
  admin = await createAdmin(db);
  student = await createStudent(db, { group, name: NAME });
  classmate = await createStudent(db, { group });
  await db
    .updateTable('students')
    // A number no float or id in a log line could hold by chance (a fixture's 9000000012 can).
    .set({ guardian_name: GUARDIAN.name, guardian_email: GUARDIAN.email, phone_no: '7391846205' })
    .where('account_id', '=', student.accountId)
    .execute();
  const row = await db
    .selectFrom('students')
    .select('phone_no')
    .where('account_id', '=', student.accountId)
    .executeTakeFirstOrThrow();
  phone = row.phone_no!;
  tokens = {
    student: await login(t.app, student.loginId),
    classmate: await login(t.app, classmate.loginId),
    mentor: await login(t.app, mentor.loginId),
    admin: await login(t.app, admin.loginId),
  };
  await giveRecords(db);
});
afterAll(() => t.close());

function unzip(body: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

const exportOf = (token: string, accountId?: string) =>
  t.app.inject({
    method: 'GET',
    url: accountId ? `/api/people/${accountId}/export` : '/api/profile/export',
    headers: bearer(token),
  });

describe('the export archive', () => {
  it("holds the student's gate passes, queries, marks, attendance and attachments, for an admin", async () => {
    const res = await exportOf(tokens.admin, student.accountId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="data-${student.loginId}-2024-03-08.zip"`,
    );
    const files = unzip(res.rawPayload);
    const person = JSON.parse(files['person.json']!) as Record<string, unknown>;
    expect(person.profile).toMatchObject({
      name: NAME,
      email: student.email,
      guardian_email: GUARDIAN.email,
    });
    expect(files['gate-passes.csv']).toContain('Sister wedding in Pune');
    expect(files['queries.csv']).toContain('Library fines for lost cards');
    expect(files['marks.csv']).toContain('8.7');
    expect(files['attendance.csv']!.trim().split('\n')).toHaveLength(1 + DAYS.length);
    expect(files['leave-applications.csv']).toContain('Medical appointment');
    expect(files['support-messages.csv']).toContain(phone);
    expect(files['sessions.csv']).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const attachment = Object.keys(files).find((name) => name.startsWith('attachments/'));
    expect(files[attachment!]).toBe(`Doctor note for ${NAME}`);
  });

  it('is a person’s own to download; another’s is refused', async () => {
    const own = await exportOf(tokens.student);
    expect(own.statusCode).toBe(200);
    expect(unzip(own.rawPayload)['queries.csv']).toContain('Library fines for lost cards');
    expect((await exportOf(tokens.classmate, student.accountId)).statusCode).toBe(403);
    expect((await exportOf(tokens.mentor, student.accountId)).statusCode).toBe(403);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['detail', 'actor_login_id'])
      .where('kind', '=', 'person.export')
      .where('target', '=', String(student.loginId))
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { detail: 'own data', actor_login_id: student.loginId },
        { detail: "student's data", actor_login_id: admin.loginId },
      ]),
    );
  });

  it('answers 400 and 404 to ids that are not those of an account', async () => {
    expect((await exportOf(tokens.admin, 'not-an-id')).statusCode).toBe(400);
    expect((await exportOf(tokens.admin, "1' or '1'='1")).statusCode).toBe(400);
    expect((await exportOf(tokens.admin, newId())).statusCode).toBe(404);
  });
});

const erase = (accountId: string, body: object, token = tokens.admin) =>
  call('POST', `/api/people/${accountId}/erase`, token, body);

async function groupPercentage(): Promise<number> {
  const res = await call(
    'GET',
    `/api/attendance-report?group=${group}&from=${DAYS[0]}&to=${DAYS.at(-1)}`,
    tokens.mentor,
  );
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json<AttendanceReport>().students;
  const present = rows.reduce((n, r) => n + r.present, 0);
  const total = rows.reduce((n, r) => n + r.total, 0);
  return (present / total) * 100;
}

describe('erasing a person who has left', () => {
  it('is refused while the account is active, to the wrong User ID, and to the admin themselves', async () => {
    expect((await erase(student.accountId, { confirmUserId: student.loginId })).statusCode).toBe(409);
    expect((await erase(admin.accountId, { confirmUserId: admin.loginId })).statusCode).toBe(403);
    const student2 = await call('POST', `/api/people/${student.accountId}/erase`, tokens.student, {
      confirmUserId: student.loginId,
    });
    expect(student2.statusCode).toBe(403);
  });

  it('answers 4xx to hostile input', async () => {
    for (const body of [{}, { confirmUserId: 'x' }, { confirmUserId: -1 }, { confirmUserId: 1e12 }, []]) {
      expect((await erase(student.accountId, body)).statusCode).toBe(400);
    }
    expect((await erase(encodeURIComponent("1' or '1'='1"), { confirmUserId: 1 })).statusCode).toBe(400);
    expect((await erase('../../etc', { confirmUserId: 1 })).statusCode).toBe(404);
    expect((await erase(newId(), { confirmUserId: 1 })).statusCode).toBe(404);
    expect((await erase(student.accountId, { confirmUserId: classmate.loginId })).statusCode).toBe(400);
  });

  it('leaves no name, email or phone anywhere, and the group’s attendance unchanged', async () => {
    const deactivated = await call('PUT', `/api/students/${student.rollNo}/active`, tokens.admin, {
      active: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await erase(student.accountId, { confirmUserId: classmate.loginId })).statusCode).toBe(400);
    const before = await groupPercentage();
    const attendanceRows = await t.handle.db.selectFrom('attendance').select('date').execute();
    const secrets = [NAME, NAME.toLowerCase(), student.email, phone, GUARDIAN.name, GUARDIAN.email];
    // The scan below finds each of them before the erasure, in the person's profile and elsewhere.
    const held = Object.entries(await everyTable(t.handle));
    for (const secret of secrets.filter((v) => v !== NAME.toLowerCase())) {
      expect(
        held.some(([, text]) => text.includes(secret)),
        secret,
      ).toBe(true);
    }
    const mentions = held.filter(([table, text]) => table !== 'students' && text.includes(NAME));
    expect(mentions.map(([table]) => table)).toEqual(
      expect.arrayContaining([
        'queries',
        'support_messages',
        'notifications',
        'leave_attachments',
        'audit_log',
      ]),
    );

    const res = await erase(student.accountId, { confirmUserId: String(student.loginId) });
    expect(res.statusCode, res.body).toBe(200);
    const { pseudonym } = res.json<EraseResponse>();
    expect(pseudonym).toMatch(/^Erased student [0-9a-f]{6}$/);

    expect(await groupPercentage()).toBe(before);
    expect(await t.handle.db.selectFrom('attendance').select('date').execute()).toHaveLength(
      attendanceRows.length,
    );
    for (const [table, text] of Object.entries(await everyTable(t.handle))) {
      for (const secret of secrets) expect(text.includes(secret), `${secret} in ${table}`).toBe(false);
    }
    const archive = JSON.stringify(unzip((await exportOf(tokens.admin, student.accountId)).rawPayload));
    for (const secret of secrets) expect(archive).not.toContain(secret);
    expect(archive).toContain(pseudonym);
    expect(archive).toContain('[erased]');
  });

  it('keeps the person out, and is done once', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { userId: String(student.loginId), password: PASSWORD },
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect((await exportOf(tokens.student)).statusCode).toBe(401);
    expect((await erase(student.accountId, { confirmUserId: student.loginId })).statusCode).toBe(409);
    // An admin cannot bring the account back: whoever used it is no longer there.
    const back = await call('PUT', `/api/students/${student.rollNo}/active`, tokens.admin, { active: true });
    expect(back.statusCode).toBe(409);
    expect(back.json<{ message: string }>().message).toBe(
      'This account was erased: its personal data is gone, so it cannot be reactivated',
    );
    const entries = await t.handle.db
      .selectFrom('audit_log')
      .select(['detail', 'target'])
      .where('kind', '=', 'person.erase')
      .execute();
    expect(entries).toEqual([{ detail: expect.stringMatching(/^Erased student /), target: null }]);
  });

  it('wrote no name, email or phone to the server’s log', () => {
    expect(logs.length).toBeGreaterThan(0);
    const secrets = [NAME, student.email, phone, GUARDIAN.email];
    expect(logs.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });
});

describe('the retention setting', () => {
  it('keeps a person’s data the set number of days after they leave', async () => {
    const put = await call('PUT', '/api/privacy-settings', tokens.admin, { erasureWaitDays: 30 });
    expect(put.json()).toEqual({ erasureWaitDays: 30 });
    expect(
      (await call('PUT', '/api/privacy-settings', tokens.admin, { erasureWaitDays: -1 })).statusCode,
    ).toBe(400);
    // Left ten days before the server's today.
    await t.handle.db
      .updateTable('accounts')
      .set({ deactivated_at: new Date(NOW - 10 * 86_400_000).toISOString() })
      .where('id', '=', classmate.accountId)
      .execute();
    const res = await erase(classmate.accountId, { confirmUserId: classmate.loginId });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(
      /30 days after they leave: erasable from 2024-03-28/,
    );
    await call('PUT', '/api/privacy-settings', tokens.admin, { erasureWaitDays: 5 });
    expect((await erase(classmate.accountId, { confirmUserId: classmate.loginId })).statusCode).toBe(200);
    await call('PUT', '/api/privacy-settings', tokens.admin, { erasureWaitDays: 0 });
    expect((await call('GET', '/api/privacy-settings', tokens.admin)).json()).toEqual({ erasureWaitDays: 0 });
  });
});

describe('erasing a guardian', () => {
  it('deletes their links, their choices per child, their kept news and their consent links', async () => {
    const db = t.handle.db;
    const guardian = await createGuardian(db, [student.rollNo]);
    const by = guardian.accountId;
    await db
      .insertInto('guardian_mail_modes')
      .values({ guardian_account_id: by, roll_no: student.rollNo, kind: 'gate', mode: 'digest' })
      .execute();
    await db
      .insertInto('guardian_digest_items')
      .values({
        id: newId(),
        guardian_account_id: by,
        kind: 'gate',
        text: `${NAME} went out`,
        created_at: nowIso(),
        mail_id: null,
      })
      .execute();
    await db
      .updateTable('accounts')
      .set({ deactivated_at: new Date(NOW - 86_400_000).toISOString() })
      .where('id', '=', by)
      .execute();

    const res = await erase(by, { confirmUserId: guardian.loginId });
    expect(res.statusCode, res.body).toBe(200);
    const left = async (table: 'guardian_links' | 'guardian_mail_modes' | 'guardian_digest_items') =>
      (
        await db
          .selectFrom(table)
          .select('guardian_account_id')
          .where('guardian_account_id', '=', by)
          .execute()
      ).length;
    expect([
      await left('guardian_links'),
      await left('guardian_mail_modes'),
      await left('guardian_digest_items'),
    ]).toEqual([0, 0, 0]);
  });
});
