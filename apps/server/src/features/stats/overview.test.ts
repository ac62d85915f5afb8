/** The admin's dashboard: what needs the admin now, and the campus's recent activity. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  ensureGroup,
  login,
} from '../../../test/fixtures';
import { newId } from '../../lib/ids';
import { mondayOf } from './repository';

// A Wednesday.
const NOW = Date.parse('2031-03-12T10:00:00Z');
const TODAY = '2031-03-12';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const overview = async (token = adminToken) => {
  const res = await t.app.inject({ url: '/api/admin/overview', headers: bearer(token) });
  return { status: res.statusCode, body: res.json<AdminOverview>() };
};

describe('the admin overview', () => {
  it('counts what needs the admin, names the groups, and charts the last days and weeks', async () => {
    const { db } = t.handle;
    const marked = await createStudent(db, { group: 'OV-Marked' });
    const unmarked = await createStudent(db, { group: 'OV-Unmarked' });
    const mentor = await createTeacher(db, { groups: ['OV-Marked'] });
    await ensureGroup(db, 'OV-Empty');

    const mark = (rollNo: number, date: string, status: 'Present' | 'Absent') =>
      db
        .insertInto('attendance')
        .values({
          roll_no: rollNo,
          date,
          status,
          marked_by: mentor.accountId,
          marked_at: `${date}T09:00:00.000Z`,
        })
        .execute();
    // Marked today: 1 of 1 present. Unmarked today, but 1 of 2 present last week: below 75 %.
    await mark(marked.rollNo, TODAY, 'Present');
    await mark(unmarked.rollNo, '2031-03-04', 'Present');
    await mark(unmarked.rollNo, '2031-03-05', 'Absent');

    const pass = (date: string, status: 'pending' | 'approved', createdAt: string) =>
      db
        .insertInto('gate_passes')
        .values({
          id: newId(),
          roll_no: marked.rollNo,
          contact: '9000000000',
          date,
          time: '10:00',
          reason: 'Visit',
          status,
          created_at: createdAt,
          decided_by: null,
          decided_at: null,
        })
        .execute();
    // Its day has passed: it closes itself when the dashboard is read, so none is still pending.
    await pass('2031-03-10', 'pending', '2031-03-09T08:00:00.000Z');
    await pass('2031-03-20', 'pending', '2031-03-12T08:00:00.000Z');
    await pass('2031-03-01', 'approved', '2031-02-01T08:00:00.000Z'); // before the chart
    await db
      .insertInto('support_messages')
      .values([
        {
          id: newId(),
          name: 'A',
          email: 'a@x.edu',
          role: 'Student',
          query_type: 'Query',
          message: 'Hi',
          created_at: '2031-03-11T08:00:00.000Z',
        },
        {
          id: newId(),
          name: 'B',
          email: 'b@x.edu',
          role: 'Student',
          query_type: 'Query',
          message: 'Old',
          created_at: '2031-02-01T08:00:00.000Z',
        },
      ])
      .execute();

    const { status, body } = await overview();
    expect(status).toBe(200);
    expect(body.today).toBe(TODAY);
    expect(body.attention).toMatchObject({
      recentSupport: 1,
      studentsBelowMinimum: 1,
      stalePendingGatePasses: 0,
      recentImports: 0,
    });
    expect(body.attention.groupsWithoutMentor.names).toEqual(
      expect.arrayContaining(['OV-Empty', 'OV-Unmarked']),
    );
    expect(body.attention.groupsWithoutMentor.names).not.toContain('OV-Marked');
    expect(body.attention.groupsNotMarkedToday).toEqual({ count: 1, names: ['OV-Unmarked'] });

    expect(body.activity).toHaveLength(14);
    expect(body.activity.at(-1)).toEqual({ date: TODAY, gatePasses: 1, queries: 0 });
    expect(body.activity.find((d) => d.date === '2031-03-09')).toEqual({
      date: '2031-03-09',
      gatePasses: 1,
      queries: 0,
    });
    expect(body.activity.reduce((sum, d) => sum + d.gatePasses, 0)).toBe(2);

    expect(body.attendanceByWeek).toHaveLength(8);
    expect(body.attendanceByWeek.at(-1)).toEqual({ week: mondayOf(TODAY), percentage: 100 });
    expect(body.attendanceByWeek.at(-2)).toEqual({ week: '2031-03-03', percentage: 50 });
    expect(body.attendanceByWeek[0]!.percentage).toBeNull();
  });

  it('is for admins only', async () => {
    const teacher = await createTeacher(t.handle.db);
    expect((await overview(await login(t.app, teacher.loginId))).status).toBe(403);
  });
});
