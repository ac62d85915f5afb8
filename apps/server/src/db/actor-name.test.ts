/** Whoever acted is named from the people table of their role, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createStudent, createTeacher } from '../../test/fixtures';
import { withActorName } from './actor-name';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the name of whoever acted', () => {
  it('is the name of the account of any role joined, and null for another role', async () => {
    const { db } = t.handle;
    const teacher = await createTeacher(db);
    const admin = await createAdmin(db);
    const student = await createStudent(db);
    const named = (roles: Parameters<typeof withActorName>[2]) =>
      withActorName(db.selectFrom('accounts as x').select('x.id'), 'x.id', roles, 'actor_name')
        .where('x.id', 'in', [teacher.accountId, admin.accountId, student.accountId])
        .execute();
    const byId = (rows: { id: string; actor_name: string | null }[]) =>
      Object.fromEntries(rows.map((row) => [row.id, row.actor_name]));

    expect(byId(await named(['teachers', 'admins']))).toEqual({
      [teacher.accountId]: teacher.name,
      [admin.accountId]: admin.name,
      [student.accountId]: null,
    });
    expect(byId(await named(['teachers']))).toEqual({
      [teacher.accountId]: teacher.name,
      [admin.accountId]: null,
      [student.accountId]: null,
    });
  });
});
