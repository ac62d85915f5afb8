import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  attendanceSummary,
  LEAVE_ATTACHMENT_MAX_BYTES,
  LEAVE_MAX_DAYS,
  TOTAL_COUNT_HEADER,
  type AttendanceReport,
  type AuditEntry,
  type Leave,
  type Notification,
} from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';
import { newId, nowIso } from '../../lib/ids';
import { campusDay } from '../../lib/campus-day';

const clock = testClock();
const today = new Date(clock.now()).toISOString().slice(0, 10);

let t: TestApp;
let student: StudentPerson;
let classmate: StudentPerson;
let stranger: StudentPerson;
let studentToken: string;
let classmateToken: string;
let strangerToken: string;
let mentorToken: string;
let otherTeacherToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const db = t.handle.db;
  student = await createStudent(db, { group: 'L-1', name: 'Asha Rao' });
  classmate = await createStudent(db, { group: 'L-1' });
  stranger = await createStudent(db, { group: 'L-2' });
  const mentor = await createTeacher(db, { groups: ['L-1'], name: 'Dr. Mehta' });
  const otherTeacher = await createTeacher(db, { groups: ['L-2'] });
  const admin = await createAdmin(db);
  const tokens = await Promise.all(
    [student, classmate, stranger, mentor, otherTeacher, admin].map((p) => login(t.app, p.loginId)),
  );
  [studentToken, classmateToken, strangerToken, mentorToken, otherTeacherToken, adminToken] = tokens as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
});
afterAll(() => t.close());

const request = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const file = (bytes: Buffer, type = 'application/pdf', name = 'medical-note.pdf') => ({
  name,
  type,
  data: bytes.toString('base64'),
});

async function apply(body: object, token = studentToken): Promise<Leave> {
  const res = await request('POST', '/api/leave', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ leave: Leave }>().leave;
}

const decide = (id: string, body: object, token = mentorToken) =>
  request('PUT', `/api/leave/${id}/decision`, token, body);

const mark = (date: string, records: object[]) =>
  request('POST', '/api/mark-attendance', mentorToken, { date, attendanceRecords: records });

async function statusOn(rollNo: number, date: string): Promise<string | undefined> {
  const row = await t.handle.db
    .selectFrom('attendance')
    .select('status')
    .where('roll_no', '=', rollNo)
    .where('date', '=', date)
    .executeTakeFirst();
  return row?.status;
}

/** A gate pass written straight into the table, decided as given (no route approves one by date). */
interface PassTimes {
  time?: string;
  return_by?: string;
  exited_at?: string;
  returned_at?: string;
  revoked_at?: string;
}

async function passOn(
  rollNo: number,
  date: string,
  status: 'approved' | 'pending',
  times: PassTimes = {},
): Promise<void> {
  await t.handle.db
    .insertInto('gate_passes')
    .values({
      id: newId(),
      roll_no: rollNo,
      contact: '9000000000',
      date,
      time: '10:00',
      reason: 'Hospital visit',
      status,
      created_at: nowIso(),
      decided_by: null,
      decided_at: null,
      ...times,
    })
    .execute();
}

async function auditOf(kind: string): Promise<AuditEntry[]> {
  const res = await request('GET', `/api/audit-log?kind=${kind}`, adminToken);
  expect(res.statusCode).toBe(200);
  return res.json<AuditEntry[]>();
}

describe('applying for leave', () => {
  it('files pending leave with its attachment, which the student sees and the mentor hears of', async () => {
    const leave = await apply({
      from: today,
      to: addDays(today, 2),
      reason: 'Fever, doctor advised rest',
      attachment: file(PDF),
    });
    expect(leave).toMatchObject({
      rollNo: student.rollNo,
      name: 'Asha Rao',
      group: 'L-1',
      days: 3,
      status: 'pending',
      attachment: { name: 'medical-note.pdf', type: 'application/pdf', size: PDF.byteLength },
    });
    const mine = await request('GET', '/api/leave/mine', studentToken);
    expect(mine.json<Leave[]>().map((l) => l._id)).toContain(leave._id);
    const inbox = await request('GET', '/api/notifications', mentorToken);
    expect(inbox.json<Notification[]>().map((n) => n.text)).toContain(
      `New leave application from Asha Rao (${campusDay(today)} to ${campusDay(addDays(today, 2))})`,
    );
    const pending = await request('GET', '/api/leave?status=pending', mentorToken);
    expect(pending.json<Leave[]>().map((l) => l._id)).toContain(leave._id);
    const otherList = await request('GET', '/api/leave?status=pending', otherTeacherToken);
    expect(otherList.json<Leave[]>().map((l) => l._id)).not.toContain(leave._id);
  });

  it.each([
    [{ from: addDays(today, 3), to: addDays(today, 2) }, 'to must not be before from'],
    [{ from: today, to: addDays(today, LEAVE_MAX_DAYS) }, `to must be within ${LEAVE_MAX_DAYS} days of from`],
    [{ from: addDays(today, -8), to: today }, 'from must not be more than 7 days ago'],
    [{ from: '2026-02-30', to: today }, 'from must be a date in the form YYYY-MM-DD'],
  ])('refuses the range %o', async (range, message) => {
    const res = await request('POST', '/api/leave', studentToken, { ...range, reason: 'Trip' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts leave that started up to a week ago (a medical note after an illness)', async () => {
    await apply({ from: addDays(today, -7), to: addDays(today, -6), reason: 'Was ill' }, classmateToken);
  });

  it('refuses an attachment that is not a PDF, PNG or JPEG by its content, whatever its type says', async () => {
    const text = Buffer.from('MZ this is not a medical note');
    const lies = await request('POST', '/api/leave', studentToken, {
      from: today,
      to: today,
      reason: 'x',
      attachment: file(text, 'application/pdf', 'note.pdf'),
    });
    expect(lies.statusCode).toBe(400);
    expect(lies.json().message).toBe('attachment must be a PDF, PNG or JPEG file');
    const mismatch = await request('POST', '/api/leave', studentToken, {
      from: today,
      to: today,
      reason: 'x',
      attachment: file(PDF, 'image/png', 'note.png'),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('attachment is a PDF, not a PNG image as its type says');
    const declared = await request('POST', '/api/leave', studentToken, {
      from: today,
      to: today,
      reason: 'x',
      attachment: file(PDF, 'text/html', 'note.html'),
    });
    expect(declared.statusCode).toBe(400);
    expect(declared.json().message).toBe('attachment.type must be a PDF, PNG or JPEG file');
  });

  it('refuses an attachment over the size limit', async () => {
    const big = Buffer.alloc(LEAVE_ATTACHMENT_MAX_BYTES + 1, 0x20);
    PNG.copy(big);
    const res = await request('POST', '/api/leave', studentToken, {
      from: today,
      to: today,
      reason: 'x',
      attachment: file(big, 'image/png', 'scan.png'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('attachment must be at most 2 MB');
    const huge = await request('POST', '/api/leave', studentToken, {
      from: today,
      to: today,
      reason: 'x',
      attachment: file(Buffer.alloc(3 * LEAVE_ATTACHMENT_MAX_BYTES, 0x41), 'image/png', 'scan.png'),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('is for students only', async () => {
    const res = await request('POST', '/api/leave', mentorToken, { from: today, to: today, reason: 'x' });
    expect(res.statusCode).toBe(403);
  });
});

describe('withdrawing and deciding', () => {
  it('lets a student withdraw their own pending leave once, and nobody else’s', async () => {
    const leave = await apply({ from: addDays(today, 10), to: addDays(today, 11), reason: 'Wedding' });
    expect((await request('PUT', `/api/leave/${leave._id}/withdraw`, classmateToken)).statusCode).toBe(404);
    const res = await request('PUT', `/api/leave/${leave._id}/withdraw`, studentToken);
    expect(res.statusCode).toBe(200);
    expect(res.json<Leave>().status).toBe('withdrawn');
    const again = await request('PUT', `/api/leave/${leave._id}/withdraw`, studentToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This leave application has already been withdrawn');
  });

  it('is decided by the student’s mentor or an admin, never another group’s teacher', async () => {
    const leave = await apply({ from: addDays(today, 20), to: addDays(today, 21), reason: 'Visit' });
    const other = await decide(leave._id, { decision: 'approved' }, otherTeacherToken);
    expect(other.statusCode).toBe(403);
    expect((await decide(leave._id, { decision: 'approved' }, studentToken)).statusCode).toBe(403);
    const noReason = await decide(leave._id, { decision: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('rejectReason is required for a rejection');
    const blank = await decide(leave._id, { decision: 'rejected', rejectReason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('rejectReason is required for a rejection');
    const rejected = await decide(leave._id, { decision: 'rejected', rejectReason: 'Exams that week' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<Leave>()).toMatchObject({
      status: 'rejected',
      rejectReason: 'Exams that week',
      decidedBy: 'Dr. Mehta',
    });
    const inbox = await request('GET', '/api/notifications', studentToken);
    expect(inbox.json<Notification[]>().map((n) => n.text)).toContain(
      `Your leave from ${campusDay(addDays(today, 20))} to ${campusDay(addDays(today, 21))} was rejected by Dr. Mehta: Exams that week`,
    );
    const twice = await decide(leave._id, { decision: 'approved' }, adminToken);
    expect(twice.statusCode).toBe(409);
    const byAdmin = await apply({ from: addDays(today, 30), to: addDays(today, 30), reason: 'Visa' });
    expect((await decide(byAdmin._id, { decision: 'approved' }, adminToken)).json<Leave>().status).toBe(
      'approved',
    );
    const missing = await decide('00000000-0000-4000-8000-000000000000', { decision: 'approved' });
    expect(missing.statusCode).toBe(404);
  });

  it('lets the student, their mentors and admins download the attachment, nobody else', async () => {
    // Days of its own: the student's earlier leave is still pending.
    const leave = await apply({
      from: addDays(today, 40),
      to: addDays(today, 40),
      reason: 'Scan',
      attachment: file(PNG, 'image/png', 'scan.png'),
    });
    for (const token of [studentToken, mentorToken, adminToken]) {
      const res = await request('GET', `/api/leave/${leave._id}/attachment`, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('attachment; filename="scan.png"');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    expect((await request('GET', `/api/leave/${leave._id}/attachment`, classmateToken)).statusCode).toBe(404);
    expect((await request('GET', `/api/leave/${leave._id}/attachment`, strangerToken)).statusCode).toBe(404);
    expect((await request('GET', `/api/leave/${leave._id}/attachment`, otherTeacherToken)).statusCode).toBe(
      403,
    );
  });

  it("names a download by its checked type, whatever the student's file was called", async () => {
    const leave = await apply({
      from: addDays(today, 44),
      to: addDays(today, 44),
      reason: 'Certificate',
      attachment: file(PNG, 'image/png', 'medical-certificate.html'),
    });
    expect(leave.attachment?.name).toBe('medical-certificate.png');
    const res = await request('GET', `/api/leave/${leave._id}/attachment`, mentorToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="medical-certificate.png"');
    // A file stored before names were checked is named by its type when it is downloaded.
    await t.handle.db
      .updateTable('leave_attachments')
      .set({ name: 'old-upload.html' })
      .where('leave_id', '=', leave._id)
      .execute();
    const old = await request('GET', `/api/leave/${leave._id}/attachment`, mentorToken);
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-disposition']).toBe('attachment; filename="old-upload.png"');
  });

  it('lists leave newest applied first, a page at a time with the total, as the other work lists do', async () => {
    const db = t.handle.db;
    const [first, second] = await Promise.all([
      createStudent(db, { group: 'L-9' }),
      createStudent(db, { group: 'L-9' }),
    ]);
    const older = await apply({ from: today, to: today, reason: 'Older' }, await login(t.app, first.loginId));
    const newer = await apply(
      { from: today, to: today, reason: 'Newer' },
      await login(t.app, second.loginId),
    );
    // Apart in time whatever the clock's resolution.
    for (const [id, at] of [
      [older._id, '2030-01-01T08:00:00.000Z'],
      [newer._id, '2030-01-02T08:00:00.000Z'],
    ] as const) {
      await db.updateTable('leave_applications').set({ created_at: at }).where('id', '=', id).execute();
    }
    const page = (offset: number) =>
      request('GET', `/api/leave?status=pending&group=L-9&limit=1&offset=${offset}`, adminToken);
    const top = await page(0);
    expect(top.json<Leave[]>().map((l) => l._id)).toEqual([newer._id]);
    expect(top.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
    expect((await page(1)).json<Leave[]>().map((l) => l._id)).toEqual([older._id]);
  });
});

describe('leave in attendance', () => {
  it('marks approved leave On leave over its range: earlier Absent marks, the roster and new marks', async () => {
    const s = await createStudent(t.handle.db, { group: 'L-1' });
    const token = await login(t.app, s.loginId);
    const from = addDays(today, -2);
    // Marked Absent before the leave was approved; Present the day before stays Present.
    expect((await mark(addDays(today, -3), [{ studentId: s.rollNo, status: 'Present' }])).statusCode).toBe(
      200,
    );
    expect((await mark(from, [{ studentId: s.rollNo, status: 'Absent' }])).statusCode).toBe(200);
    const leave = await apply({ from, to: addDays(today, 1), reason: 'Surgery' }, token);
    expect((await decide(leave._id, { decision: 'approved' })).statusCode).toBe(200);
    expect(await statusOn(s.rollNo, from)).toBe('On leave');
    expect(await statusOn(s.rollNo, addDays(today, -3))).toBe('Present');

    const roster = await request('GET', `/api/attendance-leave?group=L-1&date=${today}`, mentorToken);
    expect(roster.json()).toContainEqual({ studentId: s.rollNo, source: 'leave' });
    const after = await request(
      'GET',
      `/api/attendance-leave?group=L-1&date=${addDays(today, 2)}`,
      mentorToken,
    );
    expect(after.json()).not.toContainEqual({ studentId: s.rollNo, source: 'leave' });

    // Present without an override keeps them On leave, says so, and saves the other marks.
    const kept = await mark(today, [
      { studentId: classmate.rollNo, status: 'Present' },
      { studentId: s.rollNo, status: 'Present' },
    ]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ keptOnLeave: [{ studentId: s.rollNo, source: 'leave' }] });
    expect(await statusOn(classmate.rollNo, today)).toBe('Present');
    expect(await statusOn(s.rollNo, today)).toBe('On leave');

    // On leave is stored for them.
    const marked = await mark(today, [
      { studentId: classmate.rollNo, status: 'Present' },
      { studentId: s.rollNo, status: 'On leave' },
    ]);
    expect(marked.statusCode).toBe(200);
    expect(await statusOn(s.rollNo, today)).toBe('On leave');
    const marks = await request('GET', `/api/attendance-marks?group=L-1&date=${today}`, mentorToken);
    expect(marks.json()).toContainEqual({ studentId: s.rollNo, status: 'On leave' });

    // A deliberate override marks them Present, and is audited.
    const override = await mark(today, [{ studentId: s.rollNo, status: 'Present', overrideLeave: true }]);
    expect(override.statusCode).toBe(200);
    expect(override.json()).toMatchObject({ overridden: [{ studentId: s.rollNo, status: 'Present' }] });
    expect(await statusOn(s.rollNo, today)).toBe('Present');
    const entries = await auditOf('attendance.override_leave');
    expect(entries.map((e) => e.detail)).toContain(`1 On leave marked anyway: ${s.rollNo} Present`);

    // On leave is not for a student without leave that day.
    const notAway = await mark(today, [{ studentId: classmate.rollNo, status: 'On leave' }]);
    expect(notAway.statusCode).toBe(400);
    expect(notAway.json().message).toBe(
      `attendanceRecords: On leave comes from approved leave or a gate pass covering the class hours, and student has none on ${today}: ${classmate.rollNo}`,
    );
  });

  it('never puts a student On leave for a pass not yet used, and marks the rest of the group', async () => {
    const s = await createStudent(t.handle.db, { group: 'L-1' });
    // Approved for this afternoon, still ready: approval alone excuses nothing.
    await passOn(s.rollNo, today, 'approved', { time: '16:30' });
    const roster = await request('GET', `/api/attendance-leave?group=L-1&date=${today}`, mentorToken);
    expect(roster.statusCode).toBe(200);
    expect(roster.json()).not.toContainEqual({ studentId: s.rollNo, source: 'gatepass' });
    const marked = await mark(today, [
      { studentId: classmate.rollNo, status: 'Present' },
      { studentId: s.rollNo, status: 'Present' },
    ]);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).not.toHaveProperty('keptOnLeave');
    expect(await statusOn(s.rollNo, today)).toBe('Present');
    // On leave is refused for them: nothing puts them On leave.
    const notAway = await mark(today, [{ studentId: s.rollNo, status: 'On leave' }]);
    expect(notAway.statusCode).toBe(400);
  });

  it('counts a pass only for the time out, and for the day only when it covers the class hours', async () => {
    const day = addDays(today, -1);
    const at = (time: string) => `${day}T${time}:00.000Z`;
    const [wholeDay, trip, unrecorded, revoked, pending] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createStudent(t.handle.db, { group: 'L-5' })),
    );
    await createTeacher(t.handle.db, { groups: ['L-5'] });
    // Out from 08:10 to 18:00: the whole of the class hours.
    await passOn(wholeDay!.rollNo, day, 'approved', {
      time: '08:00',
      exited_at: at('08:10'),
      returned_at: at('18:00'),
    });
    // A pharmacy trip, out 15:05 to 15:50.
    await passOn(trip!.rollNo, day, 'approved', {
      time: '15:00',
      return_by: '16:00',
      exited_at: at('15:05'),
      returned_at: at('15:50'),
    });
    // No exit recorded: its window (07:30 to the end of the day) is past, so it counts.
    await passOn(unrecorded!.rollNo, day, 'approved', { time: '07:30' });
    await passOn(revoked!.rollNo, day, 'approved', { time: '07:30', revoked_at: at('07:00') });
    await passOn(pending!.rollNo, day, 'pending', { time: '07:30' });

    const away = await request('GET', `/api/attendance-leave?group=L-5&date=${day}`, adminToken);
    expect(away.statusCode).toBe(200);
    expect(away.json()).toEqual([
      { studentId: wholeDay!.rollNo, source: 'gatepass' },
      { studentId: unrecorded!.rollNo, source: 'gatepass' },
    ]);

    const everyone = [wholeDay, trip, unrecorded, revoked, pending].map((p) => ({
      studentId: p!.rollNo,
      status: 'Present' as const,
    }));
    const marked = await mark(day, everyone);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().keptOnLeave).toEqual([
      { studentId: wholeDay!.rollNo, source: 'gatepass' },
      { studentId: unrecorded!.rollNo, source: 'gatepass' },
    ]);
    expect(await statusOn(wholeDay!.rollNo, day)).toBe('On leave');
    expect(await statusOn(trip!.rollNo, day)).toBe('Present');
    expect(await statusOn(revoked!.rollNo, day)).toBe('Present');

    // Class hours of 15:10 to 15:30: the trip covers them now.
    const set = await request('PUT', '/api/attendance-settings', adminToken, {
      classStart: '15:10',
      classEnd: '15:30',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ classStart: '15:10', classEnd: '15:30' });
    const narrow = await request('GET', `/api/attendance-leave?group=L-5&date=${day}`, adminToken);
    expect(narrow.json()).toContainEqual({ studentId: trip!.rollNo, source: 'gatepass' });
    const reset = await request('PUT', '/api/attendance-settings', adminToken, {
      classStart: '09:00',
      classEnd: '17:00',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses class hours that end before they start, and lets only admins set them', async () => {
    const backwards = await request('PUT', '/api/attendance-settings', adminToken, {
      classStart: '17:00',
      classEnd: '09:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('classEnd must be after classStart (17:00 to 09:00)');
    const late = await request('PUT', '/api/attendance-settings', adminToken, { classStart: '18:00' });
    expect(late.statusCode).toBe(400);
    const typo = await request('PUT', '/api/attendance-settings', adminToken, { classEnd: '25:00' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toMatch(/classEnd must be a time in the form HH:MM/);
    const teacher = await request('PUT', '/api/attendance-settings', mentorToken, { classStart: '08:00' });
    expect(teacher.statusCode).toBe(403);
    const read = await request('GET', '/api/attendance-settings', studentToken);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ classStart: '09:00', classEnd: '17:00' });
  });

  it('names leave, not the pass, for a student with both on the day a mark asks about', async () => {
    const s = await createStudent(t.handle.db, { group: 'L-1' });
    await passOn(s.rollNo, today, 'approved', { time: '07:00', exited_at: `${today}T07:05:00.000Z` });
    const leave = await apply(
      { from: addDays(today, -1), to: today, reason: 'Fever' },
      await login(t.app, s.loginId),
    );
    expect((await decide(leave._id, { decision: 'approved' })).statusCode).toBe(200);
    const kept = await mark(today, [
      { studentId: classmate.rollNo, status: 'Present' },
      { studentId: s.rollNo, status: 'Absent' },
    ]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().keptOnLeave).toEqual([{ studentId: s.rollNo, source: 'leave' }]);
    // The day before the leave began is covered by neither.
    const before = await mark(addDays(today, -2), [{ studentId: s.rollNo, status: 'Absent' }]);
    expect(before.statusCode).toBe(200);
  });
});

describe('the percentage and its On leave rule', () => {
  it('leaves On leave days out by default, and counts them as the admin chooses, warnings included', async () => {
    const s = await createStudent(t.handle.db, { group: 'L-3' });
    await createTeacher(t.handle.db, { groups: ['L-3'] });
    const days = [-6, -5, -4, -3, -2, -1].map((d) => addDays(today, d));
    const statuses = ['Present', 'Present', 'Absent', 'On leave', 'On leave', 'On leave'] as const;
    const mentorId = (
      await t.handle.db
        .selectFrom('accounts')
        .select('id')
        .where('role', '=', 'teacher')
        .executeTakeFirstOrThrow()
    ).id;
    await t.handle.db
      .insertInto('attendance')
      .values(
        days.map((date, i) => ({
          roll_no: s.rollNo,
          date,
          status: statuses[i]!,
          marked_by: mentorId,
          marked_at: nowIso(),
        })),
      )
      .execute();
    const records = statuses.map((status) => ({ status }));
    const report = async () => {
      const res = await request(
        'GET',
        `/api/attendance-report?group=L-3&from=${days[0]}&to=${today}`,
        adminToken,
      );
      expect(res.statusCode).toBe(200);
      return res.json<AttendanceReport>().students[0];
    };

    expect((await request('GET', '/api/attendance-settings', studentToken)).json()).toMatchObject({
      onLeave: 'exclude',
    });
    expect(await report()).toMatchObject({ present: 2, total: 3, percentage: 66.67, flagged: true });
    expect(attendanceSummary(records)).toMatchObject({
      present: 2,
      total: 3,
      percentage: 66.67,
      belowWarning: true,
    });

    const set = (onLeave: string, token = adminToken) =>
      request('PUT', '/api/attendance-settings', token, { onLeave });
    expect((await set('present', mentorToken)).statusCode).toBe(403);
    expect((await set('sometimes')).json().message).toBe('onLeave must be exclude, present or absent');
    expect((await set('present')).statusCode).toBe(200);
    expect((await request('GET', '/api/attendance-settings', studentToken)).json()).toMatchObject({
      onLeave: 'present',
    });
    expect(await report()).toMatchObject({ present: 5, total: 6, percentage: 83.33, flagged: false });
    expect(attendanceSummary(records, 'present')).toMatchObject({ percentage: 83.33, belowWarning: false });

    expect((await set('absent')).statusCode).toBe(200);
    expect(await report()).toMatchObject({ present: 2, total: 6, percentage: 33.33, flagged: true });
    expect(attendanceSummary(records, 'absent')).toMatchObject({ percentage: 33.33, belowWarning: true });
    expect((await auditOf('settings.attendance')).map((e) => e.detail)).toContain('On leave days: absent');

    await set('exclude');
    // Only On leave days: nothing counts, so no warning.
    expect(attendanceSummary([{ status: 'On leave' }])).toMatchObject({
      total: 0,
      percentage: 0,
      belowWarning: false,
    });
  });
});
