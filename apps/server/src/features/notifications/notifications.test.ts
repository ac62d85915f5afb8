/** The bell and the inbox, and live updates, for the people each change concerns. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatePass, Notification } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';
import { openEvents } from '../../../test/live-stream';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let groupCounter = 0;
/** A group of its own: a mentor, two of its students and a student of another group. */
async function campus() {
  const group = `N-${++groupCounter}`;
  const teacher = await createTeacher(t.handle.db, { groups: [group], name: `Dr. Mentor ${groupCounter}` });
  const student = await createStudent(t.handle.db, { group, name: `Asha ${groupCounter}` });
  const classmate = await createStudent(t.handle.db, { group });
  const outsider = await createStudent(t.handle.db, { group: `${group}-other` });
  return {
    teacher: { ...teacher, token: await login(t.app, teacher.loginId) },
    student: { ...student, token: await login(t.app, student.loginId) },
    classmate: { ...classmate, token: await login(t.app, classmate.loginId) },
    outsider: { ...outsider, token: await login(t.app, outsider.loginId) },
  };
}

const inbox = async (token: string) => {
  const res = await t.app.inject({ url: '/api/notifications', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<Notification[]>();
};
const unread = async (token: string) => {
  const res = await t.app.inject({ url: '/api/notifications/unread-count', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number }>().count;
};
const apply = async (student: StudentPerson & { token: string }, date = '2031-02-03') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/submit-gatepass',
    headers: bearer(student.token),
    payload: { date, time: '10:00', reason: 'Family visit' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ gatepass: GatePass }>().gatepass;
};
const decide = (token: string, gatepassId: string, approvedStatus: string, rejectReason?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/gatepasses/update-status',
    headers: bearer(token),
    payload: { gatepassId, approvedStatus, ...(rejectReason === undefined ? {} : { rejectReason }) },
  });

describe('gate passes', () => {
  it("tell the student's mentors of a request, and the student of the decision and who made it", async () => {
    const { teacher, student, outsider } = await campus();
    const pass = await apply(student);
    expect((await inbox(teacher.token))[0]).toMatchObject({
      kind: 'gatepass.requested',
      text: `New gate pass request from ${student.name}`,
      link: `/teacher/gatepass?pass=${pass._id}`,
      read: false,
    });
    expect((await decide(teacher.token, pass._id, 'approved')).statusCode).toBe(200);
    expect(await unread(student.token)).toBe(1);
    expect(await inbox(student.token)).toEqual([
      expect.objectContaining({
        kind: 'gatepass.decided',
        text: `Your gate pass for 3 Feb 2031 was approved by ${teacher.name}`,
        link: `/student/gatepass?pass=${pass._id}`,
        read: false,
      }),
    ]);
    expect(await inbox(outsider.token)).toEqual([]);
  });

  it("tell the group's mentors as they are now: a handed-over group's next request reaches the new mentor", async () => {
    const { teacher, student } = await campus();
    await apply(student, '2031-04-01');
    const successor = await createTeacher(t.handle.db, { groups: [], name: 'Dr. Successor' });
    const admin = await createAdmin(t.handle.db);
    const adminToken = await login(t.app, admin.loginId);
    const handOver = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${encodeURIComponent(student.group)}/mentors`,
      headers: bearer(adminToken),
      payload: { teacherIds: [successor.loginId] },
    });
    expect(handOver.statusCode).toBe(200);
    await apply(student, '2031-04-02');
    expect(await unread(teacher.token)).toBe(1);
    const successorToken = await login(t.app, successor.loginId);
    expect(await inbox(successorToken)).toEqual([
      expect.objectContaining({
        kind: 'gatepass.requested',
        text: `New gate pass request from ${student.name}`,
      }),
    ]);
  });

  it('tell each mentor of a request in their own language, written with the pass itself', async () => {
    const { teacher, student } = await campus();
    const hindiMentor = await createTeacher(t.handle.db, { groups: [student.group], name: 'Dr. Verma' });
    const hindiToken = await login(t.app, hindiMentor.loginId);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/language',
      headers: bearer(hindiToken),
      payload: { language: 'hi' },
    });
    expect(chosen.statusCode).toBe(200);
    const pass = await apply(student, '2031-04-03');
    // Both rows are there as soon as the pass is: the statement that wrote it wrote them.
    const rows = await t.handle.db
      .selectFrom('notifications')
      .select('account_id')
      .where('link', '=', `/teacher/gatepass?pass=${pass._id}`)
      .execute();
    expect(rows).toHaveLength(2);
    expect((await inbox(teacher.token))[0]).toMatchObject({
      kind: 'gatepass.requested',
      text: `New gate pass request from ${student.name}`,
    });
    expect((await inbox(hindiToken))[0]).toMatchObject({
      kind: 'gatepass.requested',
      text: `${student.name} से नया गेट पास अनुरोध`,
      link: `/teacher/gatepass?pass=${pass._id}`,
    });
  });

  it('carry the reason of a rejection to the student, on the pass and in the notification', async () => {
    const { teacher, student } = await campus();
    const pass = await apply(student, '2031-03-04');
    const res = await decide(teacher.token, pass._id, 'rejected', '  Exams that day  ');
    expect(res.statusCode).toBe(200);
    expect(res.json<GatePass>()).toMatchObject({
      approvedStatus: 'rejected',
      rejectReason: 'Exams that day',
    });
    const rejected = await t.app.inject({
      url: `/api/gatepasses/rejected/${student.rollNo}`,
      headers: bearer(student.token),
    });
    expect(rejected.json<GatePass[]>()[0]).toMatchObject({
      _id: pass._id,
      rejectReason: 'Exams that day',
      decidedBy: teacher.name,
    });
    expect((await inbox(student.token))[0]!.text).toBe(
      `Your gate pass for 4 Mar 2031 was rejected by ${teacher.name}: Exams that day`,
    );
  });

  it('refuse a reason given with an approval, or one that is too long, and change nothing', async () => {
    const { teacher, student } = await campus();
    const pass = await apply(student);
    const approved = await decide(teacher.token, pass._id, 'approved', 'Because');
    expect(approved.statusCode).toBe(400);
    expect(approved.json()).toEqual({ message: 'rejectReason is only for a rejection' });
    const long = await decide(teacher.token, pass._id, 'rejected', 'x'.repeat(301));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/rejectReason/);
    expect(await unread(student.token)).toBe(0);
    expect((await decide(teacher.token, pass._id, 'rejected')).statusCode).toBe(200);
    expect((await inbox(student.token))[0]!.text).toBe(
      `Your gate pass for 3 Feb 2031 was rejected by ${teacher.name}`,
    );
  });
});

describe('queries, notices and support', () => {
  it('tell a student their query was answered', async () => {
    const { teacher, student } = await campus();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/submit-query',
      headers: bearer(student.token),
      payload: { topic: 'Library hours', tags: 'library', query: 'When does it open?' },
    });
    const queryId = asked.json<{ query: { _id: string } }>().query._id;
    await t.app.inject({
      method: 'PUT',
      url: '/api/queries/update-solution',
      headers: bearer(teacher.token),
      payload: { queryId, solution: 'At eight.' },
    });
    expect((await inbox(student.token))[0]).toMatchObject({
      kind: 'query.answered',
      text: "Your query 'Library hours' was answered",
      link: `/student/queries?query=${queryId}`,
    });
  });

  it("tell the students of a mentor's groups of a new mentor notice, and nobody else", async () => {
    const { teacher, student, classmate, outsider } = await campus();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-notice',
      headers: bearer(teacher.token),
      payload: { type: 'mentorNotice', data: { heading: 'Lab moved', description: 'To room 4.' } },
    });
    expect(res.statusCode).toBe(201);
    for (const token of [student.token, classmate.token]) {
      expect(await inbox(token)).toEqual([
        expect.objectContaining({ kind: 'notice.mentor', text: `New mentor notice from ${teacher.name}` }),
      ]);
    }
    expect(await inbox(outsider.token)).toEqual([]);
  });

  it('tell every admin of a support message', async () => {
    const admin = await createAdmin(t.handle.db);
    const token = await login(t.app, admin.loginId);
    const before = await unread(token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support-add',
      payload: { name: 'Ravi', email: 'ravi@example.edu', message: 'The page is slow.' },
    });
    expect(res.statusCode).toBe(201);
    expect(await unread(token)).toBe(before + 1);
    expect((await inbox(token))[0]).toMatchObject({
      kind: 'support.received',
      text: 'New support message from Ravi',
    });
  });
});

describe('the inbox', () => {
  it('marks one read, then all; another person cannot touch them', async () => {
    const { teacher, student, classmate } = await campus();
    for (const date of ['2031-04-01', '2031-04-02', '2031-04-03']) {
      await decide(teacher.token, (await apply(student, date))._id, 'approved');
    }
    const [newest, ...older] = await inbox(student.token);
    expect(older).toHaveLength(2);
    expect(newest!.text).toContain('for 3 Apr 2031 was');

    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${newest!._id}/read`,
      headers: bearer(classmate.token),
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${newest!._id}/read`,
      headers: bearer(student.token),
    });
    expect(mine.json()).toEqual({ _id: newest!._id, read: true });
    expect(await unread(student.token)).toBe(2);

    const all = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: bearer(student.token),
    });
    expect(all.json()).toEqual({ count: 2 });
    expect(await unread(student.token)).toBe(0);
    expect((await inbox(student.token)).every((n) => n.read)).toBe(true);
  });

  it("marks what the inbox showed read, and one unread again; nobody else's", async () => {
    const { teacher, student, classmate } = await campus();
    for (const date of ['2031-06-01', '2031-06-02', '2031-06-03']) {
      await decide(teacher.token, (await apply(student, date))._id, 'approved');
    }
    const [newest, middle, oldest] = await inbox(student.token);
    const shown = (token: string, ids: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notifications/read',
        headers: bearer(token),
        payload: { ids },
      });

    // Another person's ids change nothing of theirs.
    expect((await shown(classmate.token, [newest!._id, middle!._id])).json()).toEqual({ count: 0 });
    expect(await unread(student.token)).toBe(3);

    expect((await shown(student.token, [newest!._id, middle!._id])).json()).toEqual({ count: 2 });
    expect(await unread(student.token)).toBe(1);
    expect((await inbox(student.token)).find((n) => n._id === oldest!._id)!.read).toBe(false);

    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${newest!._id}/unread`,
      headers: bearer(student.token),
    });
    expect(again.json()).toEqual({ _id: newest!._id, read: false });
    expect(await unread(student.token)).toBe(2);
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${middle!._id}/unread`,
      headers: bearer(classmate.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect(await unread(student.token)).toBe(2);

    const none = await shown(student.token, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/at least one notification/);
  });

  it("keeps a person's bell in memory while others are notified, and changes it at once for their own", async () => {
    const { teacher, student, outsider } = await campus();
    const misses = async () => {
      const text = (await t.app.inject({ url: '/metrics' })).body;
      return Number(/campus_read_cache_lookups_total\{kind="answers",result="miss"\} (\d+)/.exec(text)?.[1]);
    };
    expect(await unread(outsider.token)).toBe(0);
    // The student's request tells their mentor, not the student of another group.
    const pass = await apply(student);
    const before = await misses();
    expect(await unread(outsider.token)).toBe(0);
    expect(await misses()).toBe(before);
    expect(await unread(teacher.token)).toBe(1);
    expect((await decide(teacher.token, pass._id, 'approved')).statusCode).toBe(200);
    expect(await unread(student.token)).toBe(1);
    const [note] = await inbox(student.token);
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${note!._id}/read`,
      headers: bearer(student.token),
    });
    expect(read.statusCode).toBe(200);
    expect(await unread(student.token)).toBe(0);
    expect((await inbox(student.token))[0]?.read).toBe(true);
  });

  it('pages, newest first, with the total', async () => {
    const { teacher, student } = await campus();
    for (const day of [11, 12, 13])
      await decide(teacher.token, (await apply(student, `2031-05-${day}`))._id, 'approved');
    const res = await t.app.inject({
      url: '/api/notifications?limit=2&offset=1',
      headers: bearer(student.token),
    });
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json<Notification[]>().map((n) => /for (.+?) was/.exec(n.text)?.[1])).toEqual([
      '12 May 2031',
      '11 May 2031',
    ]);
  });
});

describe('live updates', () => {
  it('tell a student at once that their gate passes and notifications changed, and not another student', async () => {
    const { teacher, student, outsider } = await campus();
    const pass = await apply(student);
    const mine = await openEvents(t.app, student.token);
    const theirs = await openEvents(t.app, outsider.token);
    try {
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toMatch(/^text\/event-stream/);
      await decide(teacher.token, pass._id, 'approved');
      const event = await mine.next('gatepasses');
      expect(event.topics).toEqual(['gatepasses', 'notifications']);
      // Every student hears of the boards; only the one it concerns hears of the gate pass.
      await t.app.inject({
        method: 'POST',
        url: '/api/submit-query',
        headers: bearer(outsider.token),
        payload: { topic: 'Canteen', tags: 'food', query: 'Is it open?' },
      });
      await theirs.next('queries');
      expect(theirs.events.some((e) => e.topics.includes('gatepasses'))).toBe(false);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('send what was missed after Last-Event-ID, and everything when that id is no longer known', async () => {
    const { teacher, student } = await campus();
    const first = await openEvents(t.app, student.token);
    const pass = await apply(student);
    await decide(teacher.token, (await apply(student, '2031-06-01'))._id, 'approved');
    const seen = await first.next('gatepasses');
    first.close();
    await decide(teacher.token, pass._id, 'rejected');

    const resumed = await openEvents(t.app, student.token, seen.id);
    const lost = await openEvents(t.app, student.token, 'an-id-never-sent');
    try {
      const missed = await resumed.next('gatepasses');
      expect(missed.id).not.toBe(seen.id);
      const everything = await lost.next('gatepasses');
      expect(everything.topics).toEqual(['gatepasses', 'queries', 'notices', 'stats', 'notifications']);
    } finally {
      resumed.close();
      lost.close();
    }
  });

  it('refuse a caller without a session', async () => {
    const res = await t.app.inject({ url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });
});
