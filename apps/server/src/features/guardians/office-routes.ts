/**
 * The office's side of guardians (decision record 0091): creating them, handing out one-time
 * passwords, linking them to students; and who a student's guardians are.
 */
import {
  ErrorSchema,
  GuardianCreateRequestSchema,
  GuardianIdParamsSchema,
  GuardianLinkParamsSchema,
  GuardianLinkRequestSchema,
  GuardianListQuerySchema,
  GuardianListSchema,
  GuardianSchema,
  MessageSchema,
  RollNoParamsSchema,
  StudentGuardianListSchema,
} from '@campus/contract';
import { z } from 'zod';
import { conflict, notFound } from '../../lib/errors';
import { answerList } from '../../lib/lists';
import { hashOneTimePassword, newOneTimePassword } from '../../lib/passwords';
import { assertOwnRollNo } from '../../plugins/access';
import type { Feature } from '../deps';
import { guardiansRepository, shownGuardian } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const TAGS = ['guardians'];

export const guardianOfficeRoutes: Feature = async (app, { db, now }) => {
  const repo = guardiansRepository(db);
  const noGuardian = (id: number) => notFound(`No guardian has guardian id ${id}`);
  const noStudent = (rollNo: number) => notFound(`No student has roll number ${rollNo}`);
  app.get(
    '/api/guardians',
    {
      config: { access: ['admin'] },
      schema: {
        tags: TAGS,
        summary: 'Guardians by name, each with the students linked to them; `search` matches name or address',
        querystring: GuardianListQuerySchema,
        response: { 200: GuardianListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const listed = await repo.listGuardians(request.query);
      return answerList(reply, Promise.resolve({ body: listed.items, total: listed.total }));
    },
  );

  app.post(
    '/api/guardians',
    {
      config: { access: ['admin'] },
      schema: {
        tags: TAGS,
        summary: 'Creates a guardian; answers their User ID and one-time password, once',
        body: GuardianCreateRequestSchema,
        response: {
          201: z.object({ message: z.string(), guardian: GuardianSchema, oneTimePassword: z.string() }),
          ...errors,
          409: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const password = newOneTimePassword();
      const result = await repo.createGuardian(request.body, hashOneTimePassword(password));
      if (!result.ok) {
        throw conflict(
          result.problem === 'email-taken'
            ? `A guardian with the address ${request.body.email} exists already: link them instead`
            : `User ID ${request.body.guardianId} is already used`,
        );
      }
      return reply
        .code(201)
        .send({ message: 'Guardian created', guardian: result.guardian, oneTimePassword: password });
    },
  );

  app.post(
    '/api/guardians/:guardianId/reset-password',
    {
      config: { access: ['admin'] },
      schema: {
        tags: TAGS,
        summary:
          'Gives a guardian a new one-time password (a campus without email hands it out); ends their sessions',
        params: GuardianIdParamsSchema,
        response: {
          200: z.object({ message: z.string(), oneTimePassword: z.string() }),
          ...errors,
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      const guardian = await repo.findGuardian(request.params.guardianId);
      if (!guardian) throw noGuardian(request.params.guardianId);
      const password = newOneTimePassword();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('accounts')
          .set({ password_hash: hashOneTimePassword(password), must_change_password: 1 })
          .where('id', '=', guardian.accountId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: new Date(now()).toISOString() })
          .where('account_id', '=', guardian.accountId)
          .where('revoked_at', 'is', null)
          .execute();
      });
      return { message: 'A one-time password was set; hand it to the guardian', oneTimePassword: password };
    },
  );

  app.put(
    '/api/guardians/:guardianId/students/:rollNo',
    {
      config: { access: ['admin'] },
      schema: {
        tags: TAGS,
        summary: 'Links a guardian to a student with their relation (or changes the relation)',
        params: GuardianLinkParamsSchema,
        body: GuardianLinkRequestSchema,
        response: {
          200: z.object({ message: z.string(), guardian: GuardianSchema }),
          ...errors,
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { guardianId, rollNo } = request.params;
      const guardian = await repo.findGuardian(guardianId);
      if (!guardian) throw noGuardian(guardianId);
      if (!(await repo.studentExists(rollNo))) throw noStudent(rollNo);
      await repo.link(guardian.accountId, rollNo, request.body.relation);
      const linked = (await repo.findGuardian(guardianId)) ?? guardian;
      return { message: `Linked to student ${rollNo}`, guardian: shownGuardian(linked) };
    },
  );

  app.delete(
    '/api/guardians/:guardianId/students/:rollNo',
    {
      config: { access: ['admin'] },
      schema: {
        tags: TAGS,
        summary: 'Unlinks a guardian from a student: the guardian no longer sees them',
        params: GuardianLinkParamsSchema,
        response: { 200: MessageSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { guardianId, rollNo } = request.params;
      const guardian = await repo.findGuardian(guardianId);
      if (!guardian) throw noGuardian(guardianId);
      if (!(await repo.unlink(guardian.accountId, rollNo))) {
        throw notFound(`Guardian ${guardianId} is not linked to student ${rollNo}`);
      }
      return { message: `Unlinked from student ${rollNo}` };
    },
  );

  app.get(
    '/api/student-guardians/:rollNo',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary: "A student's guardians (students: their own only)",
        params: RollNoParamsSchema,
        response: { 200: StudentGuardianListSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      assertOwnRollNo(request, rollNo);
      if (!(await repo.studentExists(rollNo))) throw noStudent(rollNo);
      return repo.guardiansOfStudent(rollNo);
    },
  );
};
