/**
 * A student's Mentor Notice tab shows the notices of their own mentors (the teachers of their group);
 * teachers and admins see every teacher's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type MentorNotice } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const people = {
    mentorA: await createTeacher(db, { groups: ['CSE-A'] }),
    mentorAB: await createTeacher(db, { groups: ['CSE-A', 'CSE-B'] }),
    mentorB: await createTeacher(db, { groups: ['CSE-B'] }),
    studentA: await createStudent(db, { group: 'CSE-A' }),
    studentB: await createStudent(db, { group: 'CSE-B' }),
    loner: await createStudent(db, { group: 'NO-MENTOR' }),
    admin: await createAdmin(db),
  };
  for (const [name, person] of Object.entries(people)) tokens[name] = await login(t.app, person.loginId);
  for (const author of ['mentorA', 'mentorAB', 'mentorB']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-notice',
      headers: bearer(tokens[author]!),
      payload: { type: 'mentorNotice', data: { heading: `From ${author}`, description: 'Read me.' } },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

async function headings(reader: string, query = ''): Promise<{ headings: string[]; total: number }> {
  const res = await t.app.inject({
    url: `/api/get-mentor-notices${query}`,
    headers: bearer(tokens[reader]!),
  });
  expect(res.statusCode).toBe(200);
  return {
    headings: res.json<MentorNotice[]>().map((n) => n.heading),
    total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
  };
}

describe('GET /api/get-mentor-notices', () => {
  it("gives a student only their own mentors' notices, newest first", async () => {
    expect(await headings('studentA')).toEqual({ headings: ['From mentorAB', 'From mentorA'], total: 2 });
    expect(await headings('studentB')).toEqual({ headings: ['From mentorB', 'From mentorAB'], total: 2 });
  });

  it('never shows a student of another group a notice from a teacher who does not mentor them', async () => {
    expect((await headings('studentB', '?limit=20')).headings).not.toContain('From mentorA');
    expect((await headings('studentA', '?limit=1&offset=1')).headings).toEqual(['From mentorA']);
    expect(await headings('loner', '?limit=20')).toEqual({ headings: [], total: 0 });
  });

  it("gives teachers and admins every teacher's notices", async () => {
    const all = ['From mentorB', 'From mentorAB', 'From mentorA'];
    expect((await headings('mentorA')).headings).toEqual(all);
    expect((await headings('admin', '?limit=20')).headings).toEqual(all);
  });

  it('follows a student moved to another group at once', async () => {
    await t.handle.db
      .updateTable('students')
      .set({ group_name: 'CSE-B' })
      .where('group_name', '=', 'NO-MENTOR')
      .execute();
    expect((await headings('loner', '?limit=20')).headings).toEqual(['From mentorB', 'From mentorAB']);
  });
});
