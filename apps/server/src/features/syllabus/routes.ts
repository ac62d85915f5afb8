/** Syllabus entries: read by everyone signed in, added by teachers. */
import {
  SyllabusSearchListSchema,
  SyllabusSearchQuerySchema,
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
import { searchSyllabus, syllabusRepository } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const syllabusRoutes: Feature = async (app, { db, dialect }) => {
  const syllabus = syllabusRepository(db);

  app.get(
    '/api/syllabus/search',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['syllabus'],
        summary:
          'Words in course names, semesters and topics, best match first (at most 20), the found words marked with \\u0002 … \\u0003',
        querystring: SyllabusSearchQuerySchema,
        response: { 200: SyllabusSearchListSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => searchSyllabus(db, dialect, request.query.q, 20),
  );

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
