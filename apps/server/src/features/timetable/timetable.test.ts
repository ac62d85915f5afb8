/**
 * The timetable and attendance per lecture: clashes refused with the clash named, lectures marked only
 * by those who may and only once begun, a gate pass covering only the lectures its student was out
 * for, and where a student stands per course with the forecast of the 75 % rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';

// Monday 2 February 2031, 09:30 UTC; the term runs through March.
const clock = testClock(Date.parse('2031-02-03T09:30:00Z'));
let t: TestApp;
let admin: string;
let teacher: Person;
let mentor: Person;
let stranger: Person;
let asTeacher: string;
let students: StudentPerson[];
const GROUP = 'TT-A';
const ids: Record<string, string> = {};

const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

async function addPeriod(payload: object) {
  return inject(admin, 'POST', '/api/periods', payload);
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.handle.db;
  const a = await createAdmin(db);
  admin = await login(t.app, a.loginId);
  teacher = await createTeacher(db, { groups: [] });
  mentor = await createTeacher(db, { groups: [GROUP] });
  stranger = await createTeacher(db, { groups: [] });
  asTeacher = await login(t.app, teacher.loginId);
  students = [];
  for (let i = 0; i < 4; i++) students.push(await createStudent(db, { group: GROUP }));
  let res = await inject(admin, 'PUT', '/api/timetable-settings', {
    termStart: '2031-01-06',
    termEnd: '2031-03-28',
    timeZone: 'UTC',
    lateCounts: 'half',
    minPercent: 75,
  });
  expect(res.statusCode, res.body).toBe(200);
  for (const [code, name] of [
    ['CS301', 'DBMS'],
    ['CS302', 'Operating Systems'],
  ]) {
    res = await inject(admin, 'POST', '/api/courses', { code, name, credits: 4 });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const [key, start, end, course] of [
    ['first', '09:00', '09:50', 'CS301'],
    ['second', '10:00', '10:50', 'CS302'],
    ['third', '11:00', '11:50', 'CS301'],
  ] as const) {
    res = await addPeriod({
      course,
      group: GROUP,
      weekday: 1,
      start,
      end,
      room: 'LH-101',
      teacherId: teacher.loginId,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json<{ period: { _id: string } }>().period._id;
  }
});
afterAll(() => t.close());

describe('the timetable', () => {
  it('refuses a period that puts a group, a teacher or a room in two places at once, naming the clash', async () => {
    const base = { course: 'CS302', weekday: 1, start: '09:30', end: '10:20' };
    const group = await addPeriod({ ...base, group: GROUP, room: 'LH-999' });
    expect(group.statusCode).toBe(409);
    expect(group.json().message).toBe(
      'Clash: group TT-A already has CS301 (TT-A) on Monday 09:00–09:50 in LH-101',
    );

    const other = await createStudent(t.handle.db, { group: 'TT-B' });
    expect(other.group).toBe('TT-B');
    await inject(admin, 'POST', '/api/courses', { code: 'MA201', name: 'Statistics', credits: 3 });
    const busyTeacher = await addPeriod({
      ...base,
      course: 'MA201',
      group: 'TT-B',
      room: 'LH-999',
      teacherId: teacher.loginId,
    });
    expect(busyTeacher.statusCode).toBe(409);
    expect(busyTeacher.json().message).toContain(`${teacher.name} already has CS301 (TT-A)`);

    const room = await addPeriod({
      ...base,
      course: 'MA201',
      group: 'TT-B',
      room: 'LH-101',
      teacherId: stranger.loginId,
    });
    expect(room.statusCode).toBe(409);
    expect(room.json().message).toContain('room LH-101 already has CS301');
    // Nothing of the refused periods was kept: MA201 has no teacher for TT-B yet.
    const none = await addPeriod({ ...base, course: 'MA201', group: 'TT-B', room: 'LH-999' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('teacherId: is required, as nobody teaches MA201 to TT-B yet');

    const touching = await addPeriod({
      ...base,
      course: 'MA201',
      group: 'TT-B',
      start: '09:50',
      end: '10:00',
      room: 'LH-101',
      teacherId: stranger.loginId,
    });
    expect(touching.statusCode, touching.body).toBe(201);
  });

  it('names what is wrong in a period or a course, and keeps the timetable to admins', async () => {
    const unknown = await addPeriod({
      course: 'XX999',
      group: GROUP,
      weekday: 2,
      start: '09:00',
      end: '10:00',
      room: 'A',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('course: there is no course XX999; add it first');
    const backwards = await addPeriod({
      course: 'CS301',
      group: GROUP,
      weekday: 2,
      start: '10:00',
      end: '09:00',
      room: 'A',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/end/);
    const taken = await inject(admin, 'POST', '/api/courses', { code: 'cs301', name: 'Again', credits: 4 });
    expect(taken.statusCode).toBe(409);
    const byTeacher = await inject(asTeacher, 'POST', '/api/courses', {
      code: 'ZZ100',
      name: 'Mine',
      credits: 1,
    });
    expect(byTeacher.statusCode).toBe(403);
    const zone = await inject(admin, 'PUT', '/api/timetable-settings', { timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toBe('timeZone: must be a time zone such as Asia/Kolkata');
    const term = await inject(admin, 'PUT', '/api/timetable-settings', { termEnd: '2030-01-01' });
    expect(term.statusCode).toBe(400);
    expect(term.json().message).toBe('termEnd: must not be before termStart');
  });

  it("shows a student their day's lectures, and a teacher theirs", async () => {
    const asStudent = await login(t.app, students[0]!.loginId);
    const day = await inject(asStudent, 'GET', '/api/timetable/day');
    expect(day.statusCode).toBe(200);
    expect(day.json()).toMatchObject({ date: '2031-02-03', holiday: null, inTerm: true });
    expect(
      day
        .json<{ lectures: { start: string; course: string; room: string }[] }>()
        .lectures.map((l) => `${l.start} ${l.course}`),
    ).toEqual(['09:00 CS301', '10:00 CS302', '11:00 CS301']);
    const mine = await inject(asTeacher, 'GET', '/api/timetable/day?date=2031-02-10');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ lectures: unknown[] }>().lectures).toHaveLength(3);
    const tuesday = await inject(asTeacher, 'GET', '/api/timetable/day?date=2031-02-04');
    expect(tuesday.json<{ lectures: unknown[] }>().lectures).toHaveLength(0);
  });
});

describe('attendance per lecture', () => {
  const everyone = (status = 'Present') => ({
    records: students.map((s) => ({ studentId: s.rollNo, status })),
  });

  it('keeps a student On leave only for the lecture they were out on a pass, and saves every other row', async () => {
    const [, out] = students;
    await t.handle.db
      .insertInto('gate_passes')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        roll_no: out!.rollNo,
        contact: '9000000000',
        date: '2031-02-03',
        time: '10:00',
        reason: 'Dentist',
        status: 'approved',
        created_at: '2031-02-02T10:00:00Z',
        decided_by: mentor.accountId,
        decided_at: '2031-02-02T11:00:00Z',
        return_by: '10:45',
        exited_at: '2031-02-03T10:05:00Z',
        returned_at: '2031-02-03T10:40:00Z',
      })
      .execute();
    clock.advance(3 * 3_600_000); // 12:30

    const first = await inject(asTeacher, 'POST', `/api/lectures/${ids.first}/2031-02-03/marks`, everyone());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ saved: 4, keptOnLeave: [] });

    const roster = await inject(asTeacher, 'GET', `/api/lectures/${ids.second}/2031-02-03`);
    expect(roster.statusCode).toBe(200);
    expect(
      roster.json<{ students: { RollNo: number; away: string | null }[] }>().students.filter((s) => s.away),
    ).toEqual([expect.objectContaining({ RollNo: out!.rollNo, away: 'gatepass' })]);
    const second = await inject(
      asTeacher,
      'POST',
      `/api/lectures/${ids.second}/2031-02-03/marks`,
      everyone(),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      saved: 4,
      keptOnLeave: [{ studentId: out!.rollNo, source: 'gatepass', reason: 'out on a gate pass' }],
    });

    const third = await inject(asTeacher, 'POST', `/api/lectures/${ids.third}/2031-02-03/marks`, {
      records: [
        { studentId: students[0]!.rollNo, status: 'Late', lateMinutes: 10 },
        { studentId: out!.rollNo, status: 'Present' },
        { studentId: students[2]!.rollNo, status: 'Absent' },
      ],
    });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json().keptOnLeave).toEqual([]);

    const marks = await t.handle.db
      .selectFrom('lecture_marks')
      .select(['period_id', 'roll_no', 'status', 'late_minutes'])
      .where('roll_no', '=', out!.rollNo)
      .orderBy('period_id')
      .execute();
    expect(Object.fromEntries(marks.map((m) => [m.period_id, m.status]))).toEqual({
      [ids.first!]: 'Present',
      [ids.second!]: 'On leave',
      [ids.third!]: 'Present',
    });
  });

  it('refuses a mark before the lecture begins, by a teacher who neither teaches nor mentors it, or off the timetable', async () => {
    const early = await inject(asTeacher, 'POST', `/api/lectures/${ids.first}/2031-02-10/marks`, everyone());
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(
      'date: the CS301 lecture of 2031-02-10 begins at 09:00; mark it once it has begun',
    );
    const other = await inject(
      await login(t.app, stranger.loginId),
      'POST',
      `/api/lectures/${ids.first}/2031-02-03/marks`,
      everyone(),
    );
    expect(other.statusCode).toBe(403);
    const byMentor = await inject(
      await login(t.app, mentor.loginId),
      'POST',
      `/api/lectures/${ids.first}/2031-02-03/marks`,
      everyone(),
    );
    expect(byMentor.statusCode, byMentor.body).toBe(200);
    const tuesday = await inject(
      asTeacher,
      'POST',
      `/api/lectures/${ids.first}/2031-02-04/marks`,
      everyone(),
    );
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json().message).toBe('date: CS301 is not taught to TT-A on 2031-02-04');
    const outside = await inject(
      asTeacher,
      'POST',
      `/api/lectures/${ids.first}/2030-12-30/marks`,
      everyone(),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('date: 2030-12-30 is outside the term (2031-01-06 to 2031-03-28)');
    const holiday = await inject(admin, 'PUT', '/api/holidays/2031-01-27', {
      name: 'Republic Day (observed)',
    });
    expect(holiday.statusCode).toBe(200);
    const onHoliday = await inject(
      asTeacher,
      'POST',
      `/api/lectures/${ids.first}/2031-01-27/marks`,
      everyone(),
    );
    expect(onHoliday.statusCode).toBe(400);
    expect(onHoliday.json().message).toBe('date: 2031-01-27 is a holiday (Republic Day (observed))');
  });

  it('refuses a row for a student outside the group and saves nothing of that mark', async () => {
    const stray = await createStudent(t.handle.db, { group: 'TT-B' });
    const res = await inject(asTeacher, 'POST', `/api/lectures/${ids.first}/2031-01-20/marks`, {
      records: [...everyone('Absent').records, { studentId: stray.rollNo, status: 'Present' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`records: not students of TT-A: ${stray.rollNo}; nothing was marked`);
    const kept = await t.handle.db
      .selectFrom('lecture_marks')
      .select('roll_no')
      .where('date', '=', '2031-01-20')
      .execute();
    expect(kept).toEqual([]);
  });

  it("gives a student's standing per course with the forecast, to them and to staff only", async () => {
    const [me, , absent] = students;
    const asMe = await login(t.app, me!.loginId);
    const res = await inject(asMe, 'GET', `/api/attendance-courses/${me!.rollNo}`);
    expect(res.statusCode, res.body).toBe(200);
    const dbms = res
      .json<{
        courses: {
          course: string;
          held: number;
          attended: number;
          remaining: number;
          forecast: string;
          state: string;
        }[];
      }>()
      .courses.find((c) => c.course === 'CS301')!;
    // Two DBMS lectures held today (one Late, counted half); seven Mondays remain to 28 March, two
    // DBMS lectures each: 75 % of 16 is 12, so 10.5 more, 11 lectures.
    expect(dbms).toMatchObject({ held: 2, attended: 1.5, remaining: 14, state: 'ok' });
    expect(dbms.forecast).toBe('Attend 11 of the remaining 14 DBMS lectures to stay at 75 %');

    const theirs = await inject(asMe, 'GET', `/api/attendance-courses/${absent!.rollNo}`);
    expect(theirs.statusCode).toBe(403);
    const staff = await inject(asTeacher, 'GET', `/api/attendance-courses/${absent!.rollNo}`);
    expect(staff.statusCode).toBe(200);
    const low = staff
      .json<{ courses: { course: string; state: string; percent: number }[] }>()
      .courses.find((c) => c.course === 'CS301')!;
    expect(low).toMatchObject({ state: 'at-risk', percent: 50 });
    // Told once, when DBMS first fell below the rule.
    const told = await inject(await login(t.app, absent!.loginId), 'GET', '/api/notifications');
    expect(told.statusCode).toBe(200);
    const risk = told.json<{ kind: string; text: string }[]>().filter((n) => n.kind === 'attendance.risk');
    expect(risk.map((n) => n.text)).toEqual([
      'DBMS attendance is 50 %, below 75 %. Attend 11 of the remaining 14 DBMS lectures to stay at 75 %.',
    ]);
  });

  it('counts each student once when a lecture is marked again, by the latest status', async () => {
    // A Monday of the term before the others' day: its lectures are this test's alone.
    const url = `/api/lectures/${ids.second}/2031-01-13/marks`;
    const [a, b, c] = students;
    const statuses = async () =>
      await t.handle.db
        .selectFrom('course_totals')
        .select(['present', 'late', 'absent', 'on_leave'])
        .where('course_code', '=', 'CS302')
        .where('roll_no', 'in', [a!.rollNo, b!.rollNo, c!.rollNo])
        .orderBy('roll_no')
        .execute();
    const before = await statuses();
    for (const records of [
      [
        { studentId: a!.rollNo, status: 'Absent' },
        { studentId: b!.rollNo, status: 'Present' },
      ],
      [
        { studentId: a!.rollNo, status: 'Late', lateMinutes: 5 },
        { studentId: b!.rollNo, status: 'Present' },
        { studentId: c!.rollNo, status: 'Absent' },
      ],
      [
        { studentId: a!.rollNo, status: 'Late', lateMinutes: 20 },
        { studentId: c!.rollNo, status: 'Present' },
      ],
    ]) {
      const res = await inject(asTeacher, 'POST', url, { records });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await statuses();
    const plus = (i: number, key: 'present' | 'late' | 'absent') => ({
      ...before[i]!,
      [key]: before[i]![key] + 1,
    });
    // One lecture more for each: a Late (its minutes changed), b Present, c Present.
    expect(after).toEqual([plus(0, 'late'), plus(1, 'present'), plus(2, 'present')]);
    const late = await t.handle.db
      .selectFrom('lecture_marks')
      .select('late_minutes')
      .where('period_id', '=', ids.second!)
      .where('date', '=', '2031-01-13')
      .where('roll_no', '=', a!.rollNo)
      .executeTakeFirstOrThrow();
    expect(late.late_minutes).toBe(20);
  });

  it("keeps the course's totals equal to the lecture's marks when two people mark it at once", async () => {
    const url = `/api/lectures/${ids.third}/2031-01-13/marks`;
    const asMentor = await login(t.app, mentor.loginId);
    const records = (status: string) => students.map((s) => ({ studentId: s.rollNo, status }));
    const answers = await Promise.all([
      inject(asTeacher, 'POST', url, { records: records('Present') }),
      inject(asMentor, 'POST', url, { records: records('Absent') }),
      inject(asTeacher, 'POST', url, { records: records('Present') }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const db = t.handle.db;
    const rollNos = students.map((s) => s.rollNo);
    const kept = await db
      .selectFrom('course_totals')
      .select(['roll_no', 'present', 'late', 'absent', 'on_leave'])
      .where('course_code', '=', 'CS301')
      .where('roll_no', 'in', rollNos)
      .orderBy('roll_no')
      .execute();
    const marks = await db
      .selectFrom('lecture_marks')
      .select(['roll_no', 'status'])
      .where('course_code', '=', 'CS301')
      .where('roll_no', 'in', rollNos)
      .execute();
    const counted = rollNos.map((rollNo) => {
      const own = marks.filter((m) => m.roll_no === rollNo);
      const n = (status: string) => own.filter((m) => m.status === status).length;
      return {
        roll_no: rollNo,
        present: n('Present'),
        late: n('Late'),
        absent: n('Absent'),
        on_leave: n('On leave'),
      };
    });
    expect(kept).toEqual(counted);
  });

  it("lists a mentor's students per course with the most at risk first", async () => {
    const asMentor = await login(t.app, mentor.loginId);
    const res = await inject(asMentor, 'GET', '/api/course-risk?atRisk=true');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ RollNo: number; course: string; state: string; forecast: string }[]>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ RollNo: students[2]!.rollNo, course: 'CS301', state: 'at-risk' });
    expect(rows.every((r) => r.state !== 'ok')).toBe(true);
    expect(res.headers['x-total-count']).toBe(String(rows.length));

    const all = await inject(asMentor, 'GET', '/api/course-risk?limit=2');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    expect(Number(all.headers['x-total-count'])).toBe(students.length * 2);
    const notTheirs = await inject(
      await login(t.app, stranger.loginId),
      'GET',
      `/api/course-risk?group=${GROUP}`,
    );
    expect(notTheirs.statusCode).toBe(403);
    const noGroup = await inject(admin, 'GET', '/api/course-risk');
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().message).toBe('group: is required');
  });
});

describe('course risk alerts', () => {
  it("tell each student in their language: a Hindi reader in Hindi, an English one in the spec's words", async () => {
    const group = 'TT-H';
    const english = await createStudent(t.handle.db, { group });
    const hindi = await createStudent(t.handle.db, { group });
    let res = await inject(admin, 'POST', '/api/courses', { code: 'CS303', name: 'Networks', credits: 3 });
    expect(res.statusCode, res.body).toBe(201);
    res = await addPeriod({
      course: 'CS303',
      group,
      weekday: 1,
      start: '08:00',
      end: '08:50',
      room: 'LH-301',
      teacherId: stranger.loginId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const period = res.json<{ period: { _id: string } }>().period._id;
    const asHindi = await login(t.app, hindi.loginId);
    const chosen = await inject(asHindi, 'PUT', '/api/profile/language', { language: 'hi' });
    expect(chosen.statusCode).toBe(200);
    const asStranger = await login(t.app, stranger.loginId);
    // Absent from three Mondays' lectures (27 January is a holiday): below the rule, then out of reach.
    for (const date of ['2031-01-13', '2031-01-20', '2031-02-03']) {
      const marked = await inject(asStranger, 'POST', `/api/lectures/${period}/${date}/marks`, {
        records: [english, hindi].map((s) => ({ studentId: s.rollNo, status: 'Absent' })),
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const risks = async (token: string) => {
      const told = await inject(token, 'GET', '/api/notifications');
      expect(told.statusCode).toBe(200);
      return told
        .json<{ kind: string; text: string }[]>()
        .filter((n) => n.kind === 'attendance.risk')
        .map((n) => n.text)
        .reverse();
    };
    const inEnglish = await risks(await login(t.app, english.loginId));
    expect(inEnglish).toHaveLength(2);
    const [, needed, left] = /Attend (\d+) of the remaining (\d+) Networks lectures/.exec(inEnglish[0]!)!;
    expect(inEnglish).toEqual([
      `Networks attendance is 0 %, below 75 %. Attend ${needed} of the remaining ${left} Networks lectures to stay at 75 %.`,
      'Networks: 75 % in Networks can no longer be reached.',
    ]);
    expect(await risks(asHindi)).toEqual([
      `Networks में उपस्थिति 0 % है, 75 % से कम। 75 % पर बने रहने के लिए Networks के बाकी ${left} लेक्चरों में से ${needed} में उपस्थित रहें`,
      'Networks: Networks में 75 % तक अब नहीं पहुँचा जा सकता',
    ]);
  });
});
