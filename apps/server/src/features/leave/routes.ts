/**
 * Leave: students apply over a range of days (with an optional attachment) and withdraw pending
 * leave; the student's mentors and admins approve or reject it; the roster asks who is On leave on a
 * day; admins choose how On leave days count in the percentage (decision record 0032).
 */
import {
  ApplyLeaveRequestSchema,
  ApplyLeaveResponseSchema,
  AttendanceSettingsSchema,
  AttendanceSettingsUpdateSchema,
  ClassHoursSchema,
  DecideLeaveRequestSchema,
  fileNameForType,
  ErrorSchema,
  itemLink,
  LEAVE_ATTACHMENT_MAX_BYTES,
  LEAVE_ATTACHMENT_QUOTA_BYTES,
  LEAVE_ATTACHMENT_RETENTION_DAYS,
  LEAVE_BODY_MAX_BYTES,
  LEAVE_MESSAGES,
  LeaveIdParamsSchema,
  LeaveListQuerySchema,
  LeaveListSchema,
  LeaveSchema,
  leaveRangeProblem,
  OnLeaveListSchema,
  OnLeaveQuerySchema,
  PageQuerySchema,
  PATHS,
  sniffAttachmentType,
  type Leave,
  type LeaveAttachmentType,
} from '@campus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { answerList, arrayAnswer } from '../../lib/lists';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import type { Feature } from '../deps';
import { leaveRepository } from './repository';

const TAGS = ['leave'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const MB = LEAVE_ATTACHMENT_MAX_BYTES / (1024 * 1024);
const QUOTA_MB = LEAVE_ATTACHMENT_QUOTA_BYTES / (1024 * 1024);
const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'a PDF',
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
};

/** A file name safe in a Content-Disposition header. */
function headerFileName(name: string): string {
  return name.replace(/[^\w.\- ]+/g, '_').slice(0, 100) || 'attachment';
}

export const leaveRoutes: Feature = async (app: App, { db, now, clock, live, notify, webhooks }) => {
  const leave = leaveRepository(db, webhooks);

  /**
   * A notification in each person's language (decision record 0090); one that fails is logged, and
   * the change it follows stands.
   */
  async function tell(accounts: string[], note: Parameters<typeof notify.addInLanguages>[1]) {
    if (accounts.length === 0) return;
    try {
      await notify.addInLanguages(accounts, note);
      live.publish({ accounts }, ['notifications']);
    } catch (err) {
      app.log.error({ err }, 'A notification could not be written');
    }
  }

  /** Leave the signed-in person may see: their own (students), their mentees' (teachers), any (admins). */
  async function visibleLeave(request: FastifyRequest, id: string): Promise<Leave> {
    const principal = principalOf(request);
    const found = await leave.findById(id);
    const notFoundError = notFound('Leave application not found');
    if (!found) throw notFoundError;
    if (principal.role === 'student' && principal.rollNo !== found.rollNo) throw notFoundError;
    if (principal.role === 'teacher' && !(await leave.mentorsStudent(principal.accountId, found.rollNo))) {
      throw forbidden(
        'You can see the leave of your mentees only, and this student is not in a group you mentor',
      );
    }
    return found;
  }

  app.post(
    '/api/leave',
    {
      bodyLimit: LEAVE_BODY_MAX_BYTES,
      config: { access: ['student'], writeLimit: 'leave' },
      schema: {
        tags: TAGS,
        summary: `Apply for leave from \`from\` to \`to\` as the signed-in student, with an optional PDF, PNG or JPEG attachment of at most ${MB} MB; it starts pending. Days that overlap the student's approved or pending leave are refused (409)`,
        body: ApplyLeaveRequestSchema,
        response: { 201: ApplyLeaveResponseSchema, ...errors, 409: ErrorSchema, 413: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { rollNo } = principalOf(request);
      if (rollNo === null) throw forbidden('Only students may apply for leave');
      const { from, to, reason, attachment } = request.body;
      const problem = leaveRangeProblem(from, to, await clock.today());
      if (problem) throw badRequest(`${problem.field} ${problem.message}`);
      let file: { name: string; type: string; data: Uint8Array } | undefined;
      if (attachment) {
        const data = Buffer.from(attachment.data, 'base64');
        if (data.byteLength > LEAVE_ATTACHMENT_MAX_BYTES) {
          throw badRequest(`attachment must be at most ${MB} MB`);
        }
        const sniffed = sniffAttachmentType(data);
        if (sniffed === null) throw badRequest('attachment must be a PDF, PNG or JPEG file');
        if (sniffed !== attachment.type) {
          throw badRequest(
            `attachment is ${TYPE_NAMES[sniffed]}, not ${TYPE_NAMES[attachment.type]} as its type says`,
          );
        }
        const kept = await leave.attachmentBytesOf(rollNo);
        if (kept + data.byteLength > LEAVE_ATTACHMENT_QUOTA_BYTES) {
          throw new HttpError(
            413,
            `attachment would take your leave files past ${QUOTA_MB} MB (${(kept / 1024 / 1024).toFixed(1)} MB kept); files of withdrawn and rejected leave are removed after ${LEAVE_ATTACHMENT_RETENTION_DAYS} days`,
          );
        }
        file = { name: fileNameForType(attachment.name, sniffed), type: sniffed, data };
      }
      const covered = await leave.overlapping(rollNo, from, to);
      if (covered) {
        throw conflict(
          `These days overlap your ${covered.status} leave from ${notify.day(covered.from)} to ${notify.day(covered.to)}: choose other days, or withdraw that application first`,
        );
      }
      const created = await leave.create({ rollNo, from, to, reason, attachment: file });
      if (!created) throw forbidden('Only students may apply for leave');
      await tell(await leave.mentorsOf(rollNo), (words, language) => ({
        kind: 'leave.requested',
        text: words.leaveRequested(
          created.name,
          notify.dayIn(created.from, language),
          notify.dayIn(created.to, language),
        ),
        link: itemLink(PATHS.teacher.leave, 'leave', created._id),
      }));
      return reply.code(201).send({ message: LEAVE_MESSAGES.applied, leave: created });
    },
  );

  app.get(
    '/api/leave/mine',
    {
      config: { access: ['student'] },
      schema: {
        tags: TAGS,
        summary: "The signed-in student's leave applications, newest first",
        querystring: PageQuerySchema,
        response: { 200: LeaveListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { rollNo } = principalOf(request);
      if (rollNo === null) throw forbidden('Only students have leave of their own');
      return answerList(reply, arrayAnswer(await leave.listForStudent(rollNo, request.query)));
    },
  );

  app.put(
    '/api/leave/:id/withdraw',
    {
      config: { access: ['student'] },
      schema: {
        tags: TAGS,
        summary: 'Withdraw your own pending leave application; decided leave cannot be withdrawn (409)',
        params: LeaveIdParamsSchema,
        response: { 200: LeaveSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { rollNo } = principalOf(request);
      if (rollNo === null) throw forbidden('Only students may withdraw leave');
      const outcome = await leave.withdraw(request.params.id, rollNo);
      if (outcome.kind === 'not-found') throw notFound('Leave application not found');
      if (outcome.kind === 'already') {
        const found = await leave.findById(request.params.id);
        if (!found || found.rollNo !== rollNo) throw notFound('Leave application not found');
        throw conflict(`This leave application has already been ${outcome.status}`);
      }
      return outcome.leave;
    },
  );

  app.get(
    '/api/leave',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          "Leave applications with a status (default pending, newest applied first): a teacher's mentees' only, an admin's all; `group` keeps one group",
        querystring: LeaveListQuerySchema,
        response: { 200: LeaveListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { status, group, ...page } = request.query;
      const mentoredBy = principal.role === 'teacher' ? principal.accountId : undefined;
      return answerList(reply, arrayAnswer(await leave.listForStaff(status, { group, mentoredBy }, page)));
    },
  );

  app.put(
    '/api/leave/:id/decision',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          "Approve or reject (with a reason) pending leave: the student's mentors and admins only; approval turns the student's Absent marks within the leave into On leave",
        params: LeaveIdParamsSchema,
        body: DecideLeaveRequestSchema,
        response: { 200: LeaveSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      // A teacher who does not mentor the student is refused here (403).
      const found = await visibleLeave(request, request.params.id);
      const { decision, rejectReason } = request.body;
      const outcome = await leave.decide(found._id, decision, principal.accountId, rejectReason);
      if (outcome.kind === 'not-found') throw notFound('Leave application not found');
      if (outcome.kind === 'already')
        throw conflict(`This leave application has already been ${outcome.status}`);
      const decided = outcome.leave;
      const student = await db
        .selectFrom('students')
        .select('account_id')
        .where('roll_no', '=', decided.rollNo)
        .executeTakeFirst();
      const by = decided.decidedBy ?? null;
      await tell(student ? [student.account_id] : [], (words, language) => {
        const [from, to] = [notify.dayIn(decided.from, language), notify.dayIn(decided.to, language)];
        return {
          kind: 'leave.decided',
          text:
            decision === 'approved'
              ? words.leaveApproved(from, to, by)
              : words.leaveRejected(from, to, by, decided.rejectReason ?? ''),
          link: itemLink(PATHS.student.leave, 'leave', decided._id),
        };
      });
      return decided;
    },
  );

  app.get(
    '/api/leave/:id',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          "One leave application, for the screen its notification opens: its student's (others' are not found), the student's mentors' and admins'",
        params: LeaveIdParamsSchema,
        response: { 200: LeaveSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => visibleLeave(request, request.params.id),
  );

  app.get(
    '/api/leave/:id/attachment',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary: "A leave application's attachment: its student, the student's mentors and admins only",
        params: LeaveIdParamsSchema,
        response: { ...errors, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const found = await visibleLeave(request, request.params.id);
      const file = await leave.attachment(found._id);
      if (!file) throw notFound('This leave application has no attachment');
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', file.type)
        .header(
          'content-disposition',
          `attachment; filename="${headerFileName(fileNameForType(file.name, file.type as LeaveAttachmentType))}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.data));
    },
  );

  app.get(
    '/api/attendance-leave',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: ['attendance', 'leave'],
        summary:
          'The students of a group On leave on a day: approved leave covering it, or a gate pass whose time out covers the class hours',
        querystring: OnLeaveQuerySchema,
        response: { 200: OnLeaveListSchema, ...errors },
      },
    },
    async (request) => leave.onLeave(request.query.date, request.query.group, now(), await clock.zone()),
  );

  app.get(
    '/api/attendance-settings',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: ['attendance'],
        summary:
          'How On leave days count in the attendance percentage (exclude, present or absent), and the class hours a gate pass must cover to excuse a day',
        response: { 200: AttendanceSettingsSchema, ...errors },
      },
    },
    async () => leave.attendanceSettings(),
  );

  app.put(
    '/api/attendance-settings',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['attendance'],
        summary: 'Choose how On leave days count in the attendance percentage, or the class hours',
        body: AttendanceSettingsUpdateSchema,
        response: { 200: AttendanceSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const next = { ...(await leave.attendanceSettings()), ...request.body };
      const hours = ClassHoursSchema.safeParse(next);
      if (!hours.success) {
        throw badRequest(`classEnd must be after classStart (${next.classStart} to ${next.classEnd})`);
      }
      await leave.setAttendanceSettings(request.body);
      return next;
    },
  );
};
