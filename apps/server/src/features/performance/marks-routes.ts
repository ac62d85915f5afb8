/**
 * The marks editor: a group's marks, one student's, and entering or correcting them. Teachers
 * change the marks of the students of groups they mentor, admins anyone's; every change is audited
 * field by field (features/audit/recorder.ts).
 */
import {
  ErrorSchema,
  MarksListQuerySchema,
  MarksListResponseSchema,
  MarksRecordSchema,
  MarksUpdateRequestSchema,
  MarksUpdateResponseSchema,
  RollNoParamsSchema,
} from '@campus/contract';
import { forbidden, notFound } from '../../lib/errors';
import { answerList, arrayAnswer } from '../../lib/lists';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import type { Feature } from '../deps';
import { mentorshipRepository } from '../people/mentorship';
import { marksRepository } from './marks-repository';

const STAFF = ['teacher', 'admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const marksRoutes: Feature = async (app: App, { db, dialect }) => {
  const marks = marksRepository(db, dialect);
  const mentorship = mentorshipRepository(db);

  app.get(
    '/api/marks',
    {
      config: { access: STAFF },
      schema: {
        tags: ['performance'],
        summary:
          "A group's students by roll number with their marks, those without marks too (teachers: groups they mentor)",
        querystring: MarksListQuerySchema,
        response: { 200: MarksListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { group, limit, offset } = request.query;
      const principal = principalOf(request);
      if (principal.role === 'teacher' && !(await mentorship.mentorsGroup(principal.accountId, group))) {
        throw forbidden(
          `You can open the marks of the groups you mentor only, and you do not mentor ${group}`,
        );
      }
      return answerList(reply, arrayAnswer(await marks.listGroup(group, { limit, offset })));
    },
  );

  app.get(
    '/api/marks/:rollNo',
    {
      config: { access: STAFF },
      schema: {
        tags: ['performance'],
        summary: "A student's marks as the editor shows them, with how the CGPA was reached",
        params: RollNoParamsSchema,
        response: { 200: MarksRecordSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      const record = await marks.forStudent(rollNo);
      if (!record) throw notFound(`No student with roll number ${rollNo}`);
      return record;
    },
  );

  app.put(
    '/api/marks/:rollNo',
    {
      config: { access: STAFF },
      schema: {
        tags: ['performance'],
        summary:
          "Enters or corrects a student's marks (teachers: students of groups they mentor); answers the record and what changed",
        params: RollNoParamsSchema,
        body: MarksUpdateRequestSchema,
        response: { 200: MarksUpdateResponseSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      const principal = principalOf(request);
      const mentor = principal.role === 'teacher' ? principal.accountId : undefined;
      const result = await marks.update(rollNo, request.body, mentor);
      if (!result.ok) {
        if (result.problem === 'no-student') throw notFound(`No student with roll number ${rollNo}`);
        throw forbidden(
          `You can change the marks of students of the groups you mentor only; student ${rollNo} is in ${result.group}`,
        );
      }
      const { record, changes } = result;
      const message = changes.length === 0 ? 'Nothing changed' : 'Marks saved';
      return { message, record, changes };
    },
  );
};
