/**
 * Admins create, edit, deactivate and reactivate students and teachers and reset their passwords;
 * everyone may change their own contact details. A new account and a reset password hold a
 * one-time password, answered once and never stored in clear (decision record 0014).
 */
import {
  AccountStatusRequestSchema,
  EMAIL_LINK_INVALID,
  emailPendingMessage,
  GuardCreateRequestSchema,
  GuardIdParamsSchema,
  GuardListSchema,
  GuardSchema,
  GuardUpdateRequestSchema,
  FieldChangeSchema,
  ErrorSchema,
  MessageSchema,
  OwnContactRequestSchema,
  OwnContactResponseSchema,
  PasswordResetResponseSchema,
  ROLES,
  RollNoParamsSchema,
  StudentCreateRequestSchema,
  StudentCreateResponseSchema,
  StudentStatusResponseSchema,
  StudentUpdateRequestSchema,
  StudentUpdateResponseSchema,
  TeacherCreateRequestSchema,
  TeacherCreateResponseSchema,
  TeacherIdParamsSchema,
  TeacherStatusResponseSchema,
  TeacherUpdateRequestSchema,
  TeacherUpdateResponseSchema,
  VerifyEmailRequestSchema,
} from '@campus/contract';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import { hashOneTimePassword, newOneTimePassword } from '../../lib/passwords';
import type { Feature } from '../deps';
import { peopleAdminRepository, type CreateResult, type UserIdHolder } from './admin-repository';
import { peopleRepository } from './repository';

/** An erased person's account stays deactivated: their personal data is gone (record 0084). */
const erasedAccount = () =>
  conflict('This account was erased: its personal data is gone, so it cannot be reactivated');

const ADMINS = ['admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const withNotFound = { ...errors, 404: ErrorSchema };

const noStudent = (rollNo: number) => notFound(`No student has roll number ${rollNo}`);
const noTeacher = (teacherId: number) => notFound(`No teacher has teacher id ${teacherId}`);
const noGuard = (guardId: number) => notFound(`No guard has guard id ${guardId}`);
const noGroup = (group: string) =>
  badRequest(
    `group must be an existing group: there is no group ${group}; create it on the Groups page first`,
  );

function refusal(loginId: number, group: string, result: Exclude<CreateResult<unknown>, { ok: true }>) {
  if (result.problem === 'no-group') return noGroup(group);
  const holder: UserIdHolder | undefined = result.holder;
  return conflict(
    holder
      ? `User ID ${loginId} is already used by ${holder.role} ${holder.name}`
      : `User ID ${loginId} is already used`,
  );
}

const oneTimePassword = () => {
  const password = newOneTimePassword();
  return { password, hash: hashOneTimePassword(password) };
};

export const peopleAdminRoutes: Feature = async (app, { db, mail, audit, webhooks }) => {
  const admin = peopleAdminRepository(db, webhooks);
  const people = peopleRepository(db);

  app.post(
    '/api/students',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Creates a student; answers their one-time password, once',
        body: StudentCreateRequestSchema,
        response: { 201: StudentCreateResponseSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const otp = oneTimePassword();
      const result = await admin.createStudent(request.body, otp.hash);
      if (!result.ok) throw refusal(request.body.RollNo, request.body.group, result);
      return reply
        .code(201)
        .send({ message: 'Student created', student: result.person, oneTimePassword: otp.password });
    },
  );

  app.put(
    '/api/students/:rollNo',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: "Replaces a student's details (not the roll number); answers what changed",
        params: RollNoParamsSchema,
        body: StudentUpdateRequestSchema,
        response: { 200: StudentUpdateResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      const result = await admin.updateStudent(rollNo, request.body);
      if (!result.ok) throw result.problem === 'no-group' ? noGroup(request.body.group) : noStudent(rollNo);
      const message = result.changes.length === 0 ? 'Nothing changed' : 'Student saved';
      return { message, student: result.person, changes: result.changes };
    },
  );

  app.put(
    '/api/students/:rollNo/active',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: "Deactivates a student's account (ending its sessions at once) or reactivates it",
        params: RollNoParamsSchema,
        body: AccountStatusRequestSchema,
        response: { 200: StudentStatusResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      const { active } = request.body;
      const done = await admin.setActive('student', rollNo, active);
      if (done === 'erased') throw erasedAccount();
      if (!done) throw noStudent(rollNo);
      const student = await people.findStudent(rollNo);
      if (!student) throw noStudent(rollNo);
      return { message: active ? 'Account reactivated' : 'Account deactivated', student };
    },
  );

  app.post(
    '/api/students/:rollNo/reset-password',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Gives a student a one-time password, answered once; their sessions end',
        params: RollNoParamsSchema,
        response: { 200: PasswordResetResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      const otp = oneTimePassword();
      if (!(await admin.resetPassword('student', rollNo, otp.hash))) throw noStudent(rollNo);
      return { message: 'Password reset', oneTimePassword: otp.password };
    },
  );

  app.post(
    '/api/teachers',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Creates a teacher; answers their one-time password, once',
        body: TeacherCreateRequestSchema,
        response: { 201: TeacherCreateResponseSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const otp = oneTimePassword();
      const result = await admin.createTeacher(request.body, otp.hash);
      if (!result.ok) throw refusal(request.body.teacherId, '', result);
      return reply
        .code(201)
        .send({ message: 'Teacher created', teacher: result.person, oneTimePassword: otp.password });
    },
  );

  app.put(
    '/api/teachers/:teacherId',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: "Replaces a teacher's details (not the teacher id); answers what changed",
        params: TeacherIdParamsSchema,
        body: TeacherUpdateRequestSchema,
        response: { 200: TeacherUpdateResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { teacherId } = request.params;
      const result = await admin.updateTeacher(teacherId, request.body);
      if (!result.ok) throw noTeacher(teacherId);
      const message = result.changes.length === 0 ? 'Nothing changed' : 'Teacher saved';
      return { message, teacher: result.person, changes: result.changes };
    },
  );

  app.put(
    '/api/teachers/:teacherId/active',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: "Deactivates a teacher's account (ending its sessions at once) or reactivates it",
        params: TeacherIdParamsSchema,
        body: AccountStatusRequestSchema,
        response: { 200: TeacherStatusResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { teacherId } = request.params;
      const { active } = request.body;
      const done = await admin.setActive('teacher', teacherId, active);
      if (done === 'erased') throw erasedAccount();
      if (!done) throw noTeacher(teacherId);
      const teacher = await people.findTeacher(teacherId);
      if (!teacher) throw noTeacher(teacherId);
      return { message: active ? 'Account reactivated' : 'Account deactivated', teacher };
    },
  );

  app.post(
    '/api/teachers/:teacherId/reset-password',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Gives a teacher a one-time password, answered once; their sessions end',
        params: TeacherIdParamsSchema,
        response: { 200: PasswordResetResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { teacherId } = request.params;
      const otp = oneTimePassword();
      if (!(await admin.resetPassword('teacher', teacherId, otp.hash))) throw noTeacher(teacherId);
      return { message: 'Password reset', oneTimePassword: otp.password };
    },
  );

  app.get(
    '/api/guards',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Every guard (the gate desk), by name',
        response: { 200: GuardListSchema, ...errors },
      },
    },
    () => admin.listGuards(),
  );

  app.post(
    '/api/guards',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Creates a guard (the gate desk); answers their one-time password, once',
        body: GuardCreateRequestSchema,
        response: {
          201: z.object({ message: z.string(), guard: GuardSchema, oneTimePassword: z.string() }),
          ...errors,
          409: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const otp = oneTimePassword();
      const result = await admin.createGuard(request.body, otp.hash);
      if (!result.ok) throw refusal(request.body.guardId, '', result);
      return reply
        .code(201)
        .send({ message: 'Guard created', guard: result.person, oneTimePassword: otp.password });
    },
  );

  app.put(
    '/api/guards/:guardId',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: "Replaces a guard's name and contact details (not the guard id); answers what changed",
        params: GuardIdParamsSchema,
        body: GuardUpdateRequestSchema,
        response: {
          200: z.object({ message: z.string(), guard: GuardSchema, changes: z.array(FieldChangeSchema) }),
          ...withNotFound,
        },
      },
    },
    async (request) => {
      const { guardId } = request.params;
      const result = await admin.updateGuard(guardId, request.body);
      if (!result.ok) throw noGuard(guardId);
      const message = result.changes.length === 0 ? 'Nothing changed' : 'Guard saved';
      return { message, guard: result.person, changes: result.changes };
    },
  );

  app.put(
    '/api/guards/:guardId/active',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: "Deactivates a guard's account (ending its sessions at once) or reactivates it",
        params: GuardIdParamsSchema,
        body: AccountStatusRequestSchema,
        response: { 200: z.object({ message: z.string(), guard: GuardSchema }), ...withNotFound },
      },
    },
    async (request) => {
      const { guardId } = request.params;
      const { active } = request.body;
      const done = await admin.setActive('guard', guardId, active);
      if (done === 'erased') throw erasedAccount();
      if (!done) throw noGuard(guardId);
      const guard = await admin.findGuard(guardId);
      if (!guard) throw noGuard(guardId);
      return { message: active ? 'Account reactivated' : 'Account deactivated', guard };
    },
  );

  app.post(
    '/api/guards/:guardId/reset-password',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Gives a guard a one-time password, answered once; their sessions end',
        params: GuardIdParamsSchema,
        response: { 200: PasswordResetResponseSchema, ...withNotFound },
      },
    },
    async (request) => {
      const { guardId } = request.params;
      const otp = oneTimePassword();
      if (!(await admin.resetPassword('guard', guardId, otp.hash))) throw noGuard(guardId);
      return { message: 'Password reset', oneTimePassword: otp.password };
    },
  );

  app.put(
    '/api/profile/contact',
    {
      config: { access: ROLES },
      schema: {
        tags: ['people'],
        summary: 'Changes your own email and phone number (admins: email only); nothing else',
        body: OwnContactRequestSchema,
        response: { 200: OwnContactResponseSchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (principal.role === 'admin' && request.body.phoneNo !== null) {
        throw badRequest('phoneNo cannot be set: an admin has an email only');
      }
      const current = await admin.ownEmail(principal.accountId, principal.role);
      if (!current) throw notFound('Your details were not found');
      // Where the campus sends mail, a new address is used once a link sent to it is opened.
      const newEmail = request.body.email;
      const confirming = mail.enabled && newEmail.toLowerCase() !== current.email.toLowerCase();
      const contact = confirming ? { ...request.body, email: current.email } : request.body;
      const saved = await admin.updateOwnContact(principal.accountId, principal.role, contact);
      if (!saved) throw notFound('Your details were not found');
      if (confirming) {
        const change = { accountId: principal.accountId, name: current.name, loginId: principal.loginId };
        await mail.requestEmailChange({ ...change, oldEmail: current.email, newEmail });
        return { ...saved, message: emailPendingMessage(newEmail), pendingEmail: newEmail };
      }
      const message = saved.changes.length === 0 ? 'Nothing changed' : 'Contact details saved';
      return { message, ...saved };
    },
  );

  app.post(
    '/api/verify-email',
    {
      // The link may be opened on any device, signed in or not: the token is the proof.
      config: { access: 'public', writeLimit: false },
      schema: {
        tags: ['people'],
        summary: 'Confirms a new email address with the token of the link mailed to it',
        body: VerifyEmailRequestSchema,
        response: { 200: MessageSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const confirmed = await mail.confirmEmailChange(request.body.token);
      const set = confirmed && (await admin.setOwnEmail(confirmed.accountId, confirmed.email));
      if (!set) throw badRequest(EMAIL_LINK_INVALID);
      await audit.record({
        kind: 'profile.contact',
        actorLoginId: set.loginId,
        actorRole: set.role,
        target: String(set.loginId),
        detail: `email confirmed: ${set.before} → ${confirmed.email}`,
        client: null,
      });
      return { message: `Your email address is now ${confirmed.email}.` };
    },
  );
};
