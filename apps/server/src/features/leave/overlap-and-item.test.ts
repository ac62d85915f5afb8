/**
 * Leave over days already covered by the student's approved or pending leave is refused, naming
 * that leave; one leave application is read by its id, as the screen its notification opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Leave, type Notification } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';

let t: TestApp;
let mentorToken: string;
let otherTeacherToken: string;
let adminToken: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const [mentor, otherTeacher, admin] = await Promise.all([
    createTeacher(db, { groups: ['LO-1'] }),
    createTeacher(db, { groups: ['LO-2'] }),
    createAdmin(db),
  ]);
  [mentorToken, otherTeacherToken, adminToken] = (await Promise.all(
    [mentor, otherTeacher, admin].map((p) => login(t.app, p.loginId)),
  )) as [string, string, string];
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function student(group = 'LO-1') {
  const person = await createStudent(t.handle.db, { group });
  return { ...person, token: await login(t.app, person.loginId) };
}

async function apply(token: string, from: string, to: string): Promise<Leave> {
  const res = await request('POST', '/api/leave', token, { from, to, reason: 'Family wedding' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ leave: Leave }>().leave;
}

describe('applying for leave over days already covered', () => {
  it("refuses days that overlap the student's approved leave with 409, naming that leave's days", async () => {
    const asha = await student();
    const first = await apply(asha.token, addDays(today, 10), addDays(today, 12));
    const approve = await request('PUT', `/api/leave/${first._id}/decision`, mentorToken, {
      decision: 'approved',
    });
    expect(approve.statusCode).toBe(200);

    const again = await request('POST', '/api/leave', asha.token, {
      from: addDays(today, 12),
      to: addDays(today, 14),
      reason: 'Travel back',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^These days overlap your approved leave from \d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}: choose other days, or withdraw that application first$/,
    );
    const mine = await request('GET', '/api/leave/mine', asha.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Leave[]>()).toHaveLength(1);

    // The day after is free.
    expect((await apply(asha.token, addDays(today, 13), addDays(today, 13))).status).toBe('pending');
  });

  it('refuses days that overlap pending leave too, and accepts them once it is withdrawn or rejected', async () => {
    const ravi = await student();
    const pending = await apply(ravi.token, addDays(today, 20), addDays(today, 20));
    const twice = await request('POST', '/api/leave', ravi.token, {
      from: addDays(today, 19),
      to: addDays(today, 21),
      reason: 'Same trip',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^These days overlap your pending leave from /);

    const withdrawn = await request('PUT', `/api/leave/${pending._id}/withdraw`, ravi.token);
    expect(withdrawn.statusCode).toBe(200);
    const replaced = await apply(ravi.token, addDays(today, 19), addDays(today, 21));
    const reject = await request('PUT', `/api/leave/${replaced._id}/decision`, mentorToken, {
      decision: 'rejected',
      rejectReason: 'Exams on those days',
    });
    expect(reject.statusCode).toBe(200);
    expect((await apply(ravi.token, addDays(today, 21), addDays(today, 22))).status).toBe('pending');
  });

  it("leaves another student's leave out of it", async () => {
    const [a, b] = [await student(), await student()];
    await apply(a.token, addDays(today, 30), addDays(today, 31));
    expect((await apply(b.token, addDays(today, 30), addDays(today, 31))).status).toBe('pending');
  });
});

describe('GET /api/leave/:id', () => {
  it("answers the student, their mentor and admins; another student's is not found, another group's teacher is refused", async () => {
    const [owner, classmate] = [await student(), await student()];
    const leave = await apply(owner.token, addDays(today, 40), addDays(today, 41));
    for (const token of [owner.token, mentorToken, adminToken]) {
      const res = await request('GET', `/api/leave/${leave._id}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: leave._id, from: leave.from, to: leave.to, status: 'pending' });
    }
    const theirs = await request('GET', `/api/leave/${leave._id}`, classmate.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Leave application not found');
    expect((await request('GET', `/api/leave/${leave._id}`, otherTeacherToken)).statusCode).toBe(403);
  });

  it('is what the notifications of a leave link to: the mentor hears of the application, the student of the decision', async () => {
    const owner = await student();
    const leave = await apply(owner.token, addDays(today, 50), addDays(today, 50));
    const mentorInbox = await request('GET', '/api/notifications', mentorToken);
    expect(mentorInbox.statusCode).toBe(200);
    expect(mentorInbox.json<Notification[]>()).toContainEqual(
      expect.objectContaining({ kind: 'leave.requested', link: `/teacher/leave?leave=${leave._id}` }),
    );

    const decided = await request('PUT', `/api/leave/${leave._id}/decision`, mentorToken, {
      decision: 'approved',
    });
    expect(decided.statusCode).toBe(200);
    const studentInbox = await request('GET', '/api/notifications', owner.token);
    expect(studentInbox.statusCode).toBe(200);
    expect(studentInbox.json<Notification[]>()).toContainEqual(
      expect.objectContaining({ kind: 'leave.decided', link: `/student/leave?leave=${leave._id}` }),
    );
  });
});
