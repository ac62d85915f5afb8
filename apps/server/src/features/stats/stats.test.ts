import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS, type StatKey } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import { newId, nowIso } from '../../lib/ids';

let t: TestApp;
let adminToken: string;
let studentToken: string;
let teacherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  studentToken = await login(t.app, (await createStudent(t.handle.db)).loginId);
  teacherToken = await login(t.app, (await createTeacher(t.handle.db)).loginId);
});
afterAll(() => t.close());

async function counts(): Promise<Record<StatKey, number>> {
  const entries = await Promise.all(
    STATS.map(async ({ key, path }) => {
      const res = await t.app.inject({ url: path, headers: bearer(adminToken) });
      expect(res.statusCode, path).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['count']);
      return [key, body.count as number] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<StatKey, number>;
}

describe('admin counts', () => {
  it('answer { count } for each card, and each count rises by exactly the rows added', async () => {
    const before = await counts();
    const { db } = t.handle;

    const student = await createStudent(t.handle.db);
    await createStudent(t.handle.db);
    const teacher = await createTeacher(t.handle.db);
    await createTeacher(t.handle.db);
    await createTeacher(t.handle.db);

    const support = await t.app.inject({
      method: 'POST',
      url: '/api/support-add',
      remoteAddress: '10.20.0.1',
      payload: { name: 'Counted', email: 'counted@example.edu', message: 'Please count me' },
    });
    expect(support.statusCode).toBe(201);

    for (const topic of ['One', 'Two']) {
      await db
        .insertInto('queries')
        .values({
          id: newId(),
          roll_no: student.rollNo,
          topic,
          description: `About ${topic}`,
          solution: null,
          solved_by: null,
          solved_at: null,
          likes: 0,
          created_at: nowIso(),
        })
        .execute();
    }

    const author = teacher.accountId;
    await db
      .insertInto('mentor_notices')
      .values({
        id: newId(),
        author_id: author,
        teacher_name: teacher.name,
        email: teacher.email,
        heading: 'Mentor meeting',
        description: 'Friday',
        created_at: nowIso(),
      })
      .execute();
    await db
      .insertInto('events')
      .values({
        id: newId(),
        author_id: author,
        event_name: 'Fest',
        host_by: 'Cultural club',
        contact_email: 'club@example.edu',
        date: '2030-01-01',
        time: '10:00',
        description: 'Annual fest',
        created_at: nowIso(),
      })
      .execute();
    for (const heading of ['Holiday', 'Exams']) {
      await db
        .insertInto('notices')
        .values({
          id: newId(),
          author_id: author,
          heading,
          contact_email: 'office@example.edu',
          description: heading,
          created_at: nowIso(),
        })
        .execute();
    }

    const after = await counts();
    expect(after).toEqual({
      students: before.students + 2,
      teachers: before.teachers + 3,
      support: before.support + 1,
      queries: before.queries + 2,
      notices: before.notices + 4,
      overdue: before.overdue,
    });
  });

  it('count only what exists: the students created in this file', async () => {
    // This file's database holds exactly the people this file made, and nothing of the demo seed.
    const { students } = await counts();
    const rows = await t.handle.db.selectFrom('students').select('roll_no').execute();
    expect(students).toBe(rows.length);
  });

  it.each(STATS.map((s) => s.path))(
    '%s refuses anonymous (401), students and teachers (403)',
    async (path) => {
      expect((await t.app.inject({ url: path })).statusCode).toBe(401);
      const asStudent = await t.app.inject({ url: path, headers: bearer(studentToken) });
      expect(asStudent.statusCode).toBe(403);
      expect(asStudent.json()).toEqual({ message: expect.any(String) });
      expect((await t.app.inject({ url: path, headers: bearer(teacherToken) })).statusCode).toBe(403);
    },
  );
});
