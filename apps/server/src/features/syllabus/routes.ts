/** Syllabus entries: read by everyone signed in, added by teachers. */
import {
  ErrorSchema,
  MESSAGES,
  CAMPUS_ROLES,
  SyllabusAddRequestSchema,
  SyllabusAddResponseSchema,
  SyllabusListSchema,
  SyllabusQuerySchema,
} from '@campus/contract';
import { answerList, arrayAnswer } from '../../lib/lists';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { syllabusRepository } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const syllabusRoutes: Feature = async (app, { db }) => {
  const syllabus = syllabusRepository(db);

  app.get(
    '/api/syllabus',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['syllabus'],
        summary: 'Syllabus entries by course name; search matches the course name, ignoring case',
        querystring: SyllabusQuerySchema,
        response: { 200: SyllabusListSchema, ...errors },
      },
    },
    async (request, reply) => answerList(reply, arrayAnswer(await syllabus.list(request.query))),
  );

  app.post(
    '/api/syllabus-add',
    {
      config: { access: ['teacher'] },
      schema: {
        tags: ['syllabus'],
        summary: 'Adds a syllabus entry; topics as a list or comma-separated text',
        body: SyllabusAddRequestSchema,
        response: { 201: SyllabusAddResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await syllabus.create(principalOf(request).accountId, request.body);
      reply.code(201);
      return { message: MESSAGES.syllabus.added, syllabus: entry };
    },
  );
};
