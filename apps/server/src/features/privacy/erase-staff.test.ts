import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EraseResponse } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { everyTable } from '../../../test/every-table';
import { bearer, createAdmin, createTeacher, login, type Person } from '../../../test/fixtures';

const NAME = 'Dr. Octavia Brennan-Okafor';
const PHONE = '9876012345';

let t: TestApp;
let teacher: Person;
let teacherId: number;
let adminToken: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createTeacher(t.handle.db, { name: NAME, groups: ['STAFF-1'] });
  teacherId = teacher.loginId;
  await t.handle.db
    .updateTable('teachers')
    .set({ phone_no: PHONE })
    .where('account_id', '=', teacher.accountId)
    .execute();
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  const teacherToken = await login(t.app, teacher.loginId);
  const notice = await call('POST', '/api/create-notice', teacherToken, {
    type: 'mentorNotice',
    data: { heading: 'Viva on Monday', description: 'Room 4.' },
  });
  expect(notice.statusCode, notice.body).toBe(201);
});
afterAll(() => t.close());

describe('erasing a teacher who has left', () => {
  it('exports the notices they wrote, then keeps them under the pseudonym with no name or contact left', async () => {
    const exported = await call('GET', `/api/people/${teacher.accountId}/export`, adminToken);
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(strFromU8(files['mentor-notices-written.csv']!)).toContain('Viva on Monday');

    const off = await call('PUT', `/api/teachers/${teacherId}/active`, adminToken, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const res = await call('POST', `/api/people/${teacher.accountId}/erase`, adminToken, {
      confirmUserId: teacherId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { pseudonym } = res.json<EraseResponse>();
    expect(pseudonym).toMatch(/^Erased teacher [0-9a-f]{6}$/);

    const notices = await t.handle.db
      .selectFrom('mentor_notices')
      .select(['heading', 'teacher_name'])
      .where('author_id', '=', teacher.accountId)
      .execute();
    expect(notices).toEqual([{ heading: 'Viva on Monday', teacher_name: pseudonym }]);
    for (const [table, text] of Object.entries(await everyTable(t.handle))) {
      for (const secret of [NAME, teacher.email, PHONE]) {
        expect(text.includes(secret), `${secret} in ${table}`).toBe(false);
      }
    }
  });
});
