/**
 * A student's own screens stay in memory while other students' rows change: marking one student's
 * attendance, or another's gate pass, leaves everyone else's history and passes cached; the student
 * whose rows changed reads them afresh. (Under test every answer from memory is also compared with
 * a fresh read, so a stale one fails here.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

let t: TestApp;
let teacherToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  teacherToken = await login(t.app, (await createTeacher(t.handle.db)).loginId);
  adminToken = await login(t.app, (await createAdmin(t.handle.db)).loginId);
});
afterAll(() => t.close());

const hits = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/health/cache', headers: bearer(adminToken) })).json<{
    answers: { hits: number };
  }>().answers.hits;

async function signedIn(): Promise<StudentPerson & { token: string }> {
  const student = await createStudent(t.handle.db);
  return { ...student, token: await login(t.app, student.loginId) };
}

const read = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const mark = (rollNo: number, status: string, date = new Date().toISOString().slice(0, 10)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mark-attendance',
    headers: bearer(teacherToken),
    payload: { date, attendanceRecords: [{ studentId: rollNo, status }] },
  });

describe("a student's own screens in memory", () => {
  it("marking one student's attendance keeps both histories in memory, the marked one's with the day in it", async () => {
    const marked = await signedIn();
    const other = await signedIn();
    const history = (s: typeof marked) => read(`/api/attendance/${s.rollNo}?limit=20`, s.token);
    expect((await history(other)).json()).toEqual([]);
    expect((await history(marked)).json()).toEqual([]);

    expect((await mark(marked.rollNo, 'Absent')).statusCode).toBe(200);
    const before = await hits();
    expect((await history(other)).json()).toEqual([]);
    expect(await hits()).toBe(before + 1);
    // The mark put its day into the marked student's history kept in memory: not read again.
    const fresh = await history(marked);
    expect(fresh.json<{ status: string }[]>().map((r) => r.status)).toEqual(['Absent']);
    expect(fresh.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    expect(await hits()).toBe(before + 2);

    // A correction of the same day reaches the marked student at once too, and so does a new day.
    expect((await mark(marked.rollNo, 'Present')).statusCode).toBe(200);
    expect((await history(marked)).json<{ status: string }[]>().map((r) => r.status)).toEqual(['Present']);
    expect((await mark(marked.rollNo, 'Absent', '2026-01-05')).statusCode).toBe(200);
    const beforeDays = await hits();
    const days = await history(marked);
    expect(await hits()).toBe(beforeDays + 1);
    expect(days.json<{ date: string; status: string }[]>().at(-1)).toEqual({
      date: '2026-01-05',
      status: 'Absent',
    });
    expect(days.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
  });

  it('marking a group again keeps in memory the history of each student whose status stays the same', async () => {
    const same = await signedIn();
    const changed = await signedIn();
    const history = (s: typeof same) => read(`/api/attendance/${s.rollNo}?limit=20`, s.token);
    const markBoth = (sameStatus: string, changedStatus: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/mark-attendance',
        headers: bearer(teacherToken),
        payload: {
          date: new Date().toISOString().slice(0, 10),
          attendanceRecords: [
            { studentId: same.rollNo, status: sameStatus },
            { studentId: changed.rollNo, status: changedStatus },
          ],
        },
      });
    const first = await markBoth('Present', 'Present');
    expect(first.json()).toMatchObject({ count: 2 });
    expect((await history(same)).json<{ status: string }[]>().map((r) => r.status)).toEqual(['Present']);

    const again = await markBoth('Present', 'Absent');
    expect(again.json()).toMatchObject({
      count: 2,
      corrected: [{ studentId: changed.rollNo, from: 'Present', to: 'Absent' }],
    });
    const before = await hits();
    expect((await history(same)).json<{ status: string }[]>().map((r) => r.status)).toEqual(['Present']);
    expect(await hits()).toBe(before + 1);
    expect((await history(changed)).json<{ status: string }[]>().map((r) => r.status)).toEqual(['Absent']);
    expect(await hits()).toBe(before + 1);
  });

  it("one student's new gate pass keeps both students' passes in memory, the applicant's with the pass in it", async () => {
    const applicant = await signedIn();
    const other = await signedIn();
    const pending = (s: typeof applicant) => read(`/api/gatepasses/pending/${s.rollNo}?limit=20`, s.token);
    expect((await pending(other)).json()).toEqual([]);
    expect((await pending(applicant)).json()).toEqual([]);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/submit-gatepass',
      headers: bearer(applicant.token),
      payload: { date: new Date().toISOString().slice(0, 10), time: '16:30', reason: 'Library in town' },
    });
    expect(applied.statusCode).toBe(201);
    // Each read is from memory: the campus's clock (whose day the list is of), then the page.
    const before = await hits();
    expect((await pending(other)).json()).toEqual([]);
    expect(await hits()).toBe(before + 2);
    const mine = await pending(applicant);
    expect(mine.json<{ reason: string }[]>().map((p) => p.reason)).toEqual(['Library in town']);
    expect(mine.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    expect(await hits()).toBe(before + 4);
  });

  it("a mentee's new gate pass goes into their mentor's pending list in memory; another group's leaves it as it was", async () => {
    const group = `Passes ${randomUUID().slice(0, 8)}`;
    const mentor = await createTeacher(t.handle.db, { groups: [group] });
    const mentorToken = await login(t.app, mentor.loginId);
    const mentee = await createStudent(t.handle.db, { group });
    const menteeToken = await login(t.app, mentee.loginId);
    const outsider = await signedIn();
    const apply = async (token: string, reason: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/submit-gatepass',
        headers: bearer(token),
        payload: { date: new Date().toISOString().slice(0, 10), time: '16:30', reason },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const mine = async () => {
      const res = await read('/api/gatepasses/pending?mine=true&limit=50', mentorToken);
      expect(res.statusCode, res.body).toBe(200);
      return {
        reasons: res.json<{ reason: string }[]>().map((p) => p.reason),
        total: res.headers[TOTAL_COUNT_HEADER.toLowerCase()],
      };
    };
    await apply(menteeToken, 'First');
    expect(await mine()).toEqual({ reasons: ['First'], total: '1' });

    // Each read is from memory: the campus's clock, the mentor's mentees, then their page.
    await apply(outsider.token, 'Elsewhere');
    let before = await hits();
    expect(await mine()).toEqual({ reasons: ['First'], total: '1' });
    expect(await hits()).toBe(before + 3);

    await apply(menteeToken, 'Second');
    before = await hits();
    expect(await mine()).toEqual({ reasons: ['Second', 'First'], total: '2' });
    expect(await hits()).toBe(before + 3);
  });

  it("a change to every student's rows (a deleted student's cascade) still reaches everyone", async () => {
    const student = await signedIn();
    expect((await mark(student.rollNo, 'Absent')).statusCode).toBe(200);
    const history = () => read(`/api/attendance/${student.rollNo}?limit=20`, student.token);
    expect((await history()).json<unknown[]>()).toHaveLength(1);
    // A statement on attendance that does not say whose rows it writes counts as everyone's.
    await t.handle.db.deleteFrom('attendance').where('roll_no', '=', student.rollNo).execute();
    expect((await history()).json()).toEqual([]);
  });
});

describe("a student's own passes in memory, day after day", () => {
  it('a pass goes into the list the student reads on the day they apply, after many days of reading', async () => {
    const clock = testClock();
    const days = await createTestApp({ now: clock.now });
    try {
      const student = await createStudent(days.handle.db);
      const token = await login(days.app, student.loginId);
      const admin = await login(days.app, (await createAdmin(days.handle.db)).loginId);
      const pending = () =>
        days.app.inject({
          method: 'GET',
          url: `/api/gatepasses/pending/${student.rollNo}?limit=20`,
          headers: bearer(token),
        });
      const hitsOf = async () =>
        (await days.app.inject({ method: 'GET', url: '/api/health/cache', headers: bearer(admin) })).json<{
          answers: { hits: number };
        }>().answers.hits;
      // A list is kept per day: each day's read is a new page for the student.
      for (let day = 0; day < 10; day++) {
        expect((await pending()).json()).toEqual([]);
        clock.advance(24 * 60 * 60 * 1000);
      }
      expect((await pending()).json()).toEqual([]);
      const applied = await days.app.inject({
        method: 'POST',
        url: '/api/submit-gatepass',
        headers: bearer(token),
        payload: { date: new Date(clock.now()).toISOString().slice(0, 10), time: '16:30', reason: 'Town' },
      });
      expect(applied.statusCode).toBe(201);
      // From memory: the campus's clock, then the page.
      const before = await hitsOf();
      expect((await pending()).json<{ reason: string }[]>().map((p) => p.reason)).toEqual(['Town']);
      expect(await hitsOf()).toBe(before + 2);
    } finally {
      await days.close();
    }
  });
});

describe("a group's marks of the day after a mark", () => {
  let groups = 0;
  async function groupOf(size: number) {
    const group = `Kept ${++groups}`;
    const students = [];
    for (let i = 0; i < size; i++) students.push(await createStudent(t.handle.db, { group }));
    return { group, rollNos: students.map((s) => s.rollNo) };
  }
  const today = new Date().toISOString().slice(0, 10);
  const marksOf = (group: string, limit: number) =>
    read(
      `/api/attendance-marks?group=${encodeURIComponent(group)}&date=${today}&limit=${limit}`,
      teacherToken,
    );
  // A read of a group's marks asks the cache twice: for the group's students, then for their marks.
  const markAll = async (records: { studentId: number; status: string }[]) => {
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/mark-attendance',
      headers: bearer(teacherToken),
      payload: { date: today, attendanceRecords: records },
    });
    // On PostgreSQL the marks are kept once a barrier has been heard, after the answer: one more
    // barrier is heard after it.
    await t.handle.changes.settle?.(true);
    return marked;
  };

  it('are answered from memory after the whole group is marked, for any page that holds the group', async () => {
    const { group, rollNos } = await groupOf(3);
    expect((await marksOf(group, 500)).json()).toEqual([]);
    const first = rollNos.map((studentId, i) => ({ studentId, status: i === 1 ? 'Absent' : 'Present' }));
    expect((await markAll(first)).statusCode).toBe(200);

    const before = await hits();
    const kept = await marksOf(group, 500);
    expect(kept.json()).toEqual(first);
    expect(kept.headers['x-total-count']).toBe('3');
    expect((await marksOf(group, 200)).json()).toEqual(first);
    expect(await hits()).toBe(before + 4);

    // Marked again with one status changed: the new marks, from memory again.
    const second = first.map((r, i) => (i === 2 ? { ...r, status: 'Absent' } : r));
    const corrected = await markAll(second);
    expect(corrected.statusCode).toBe(200);
    // What the day held came from the kept marks: the answer names the one correction.
    expect(corrected.json<{ corrected?: unknown }>().corrected).toEqual([
      { studentId: rollNos[2], from: 'Present', to: 'Absent' },
    ]);
    const after = await hits();
    expect((await marksOf(group, 500)).json()).toEqual(second);
    expect(await hits()).toBe(after + 2);
  });

  it("learn of leave approved after the last mark: the group's next mark keeps them On leave", async () => {
    const { group, rollNos } = await groupOf(2);
    expect((await marksOf(group, 500)).json()).toEqual([]);
    const present = rollNos.map((studentId) => ({ studentId, status: 'Present' }));
    expect((await markAll(present)).statusCode).toBe(200);
    // Marked again from the kept marks, with who is away kept beside them.
    expect((await markAll(present)).statusCode).toBe(200);

    // Leave approved by a write that touches no mark (an import, another process): only the
    // leave table tells of it.
    await t.handle.db
      .insertInto('leave_applications')
      .values({
        id: randomUUID(),
        roll_no: rollNos[0]!,
        from_date: today,
        to_date: today,
        reason: 'Fever, doctor advised rest',
        status: 'approved',
        created_at: new Date().toISOString(),
        decided_by: null,
        decided_at: new Date().toISOString(),
        reject_reason: null,
      })
      .execute();
    await t.handle.changes.settle?.(true);

    const again = await markAll(present);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ keptOnLeave: [{ studentId: rollNos[0], source: 'leave' }] });
    const onLeave = present.map((r, i) => (i === 0 ? { ...r, status: 'On leave' } : r));
    expect((await markAll(onLeave)).statusCode).toBe(200);
  });

  it('are read again after a mark of part of the group, or a page that holds only part of it', async () => {
    const { group, rollNos } = await groupOf(3);
    expect((await marksOf(group, 500)).json()).toEqual([]);
    const all = rollNos.map((studentId) => ({ studentId, status: 'Present' }));
    expect((await markAll(all)).statusCode).toBe(200);
    const part = [{ studentId: rollNos[0]!, status: 'Absent' }];
    expect((await markAll(part)).statusCode).toBe(200);

    const before = await hits();
    expect((await marksOf(group, 500)).json()).toEqual([
      { studentId: rollNos[0], status: 'Absent' },
      ...all.slice(1),
    ]);
    expect((await marksOf(group, 2)).json()).toEqual([{ studentId: rollNos[0], status: 'Absent' }, all[1]]);
    // The group's students from memory; their marks read afresh, both times.
    expect(await hits()).toBe(before + 2);
  });
});
