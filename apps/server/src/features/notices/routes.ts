/** Mentor notices, events and general notices: read by everyone signed in, written by teachers. */
import {
  CreateNoticeRequestSchema,
  CreateNoticeResponseSchema,
  ErrorSchema,
  EventNoticeListSchema,
  GeneralNoticeListSchema,
  MentorNoticeListSchema,
  MESSAGES,
  PageQuerySchema,
  CAMPUS_ROLES,
} from '@campus/contract';
import { forbidden } from '../../lib/errors';
import { answerList, arrayAnswer, keepsInMemory } from '../../lib/lists';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { noticesRepository } from './repository';

const listErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const noticesRoutes: Feature = async (app, { db, cache, notify }) => {
  const notices = noticesRepository(db);

  app.get(
    '/api/get-mentor-notices',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['notices'],
        summary:
          "Mentor notices, newest first. A student gets only the notices of their own mentors (the teachers who mentor the student's group; none when the group has no mentor); teachers and admins get every teacher's",
        querystring: PageQuerySchema,
        response: { 200: MentorNoticeListSchema, ...listErrors },
      },
    },
    (request, reply) => {
      const { query, dataVersion } = request;
      const student = principalOf(request).rollNo ?? undefined;
      const load = async () => arrayAnswer(await notices.listMentorNotices(query, db, student));
      // A student's notices follow who mentors their group, which the cache does not follow
      // (teacher_groups tells no other instance of its changes): those are read afresh, from a few rows.
      if (student !== undefined || !keepsInMemory(query)) return answerList(reply, load());
      return answerList(
        reply,
        cache.read(
          `mentor-notices:${query.limit ?? 'all'}:${query.offset}`,
          ['mentor_notices'],
          load,
          dataVersion,
        ),
      );
    },
  );

  app.get(
    '/api/get-events',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['notices'],
        summary: 'Events, newest first',
        querystring: PageQuerySchema,
        response: { 200: EventNoticeListSchema, ...listErrors },
      },
    },
    ({ query, dataVersion }, reply) => {
      const load = async () => arrayAnswer(await notices.listEvents(query));
      return answerList(
        reply,
        keepsInMemory(query)
          ? cache.read(`events:${query.limit ?? 'all'}:${query.offset}`, ['events'], load, dataVersion)
          : load(),
      );
    },
  );

  app.get(
    '/api/get-notices',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['notices'],
        summary: 'General notices, newest first',
        querystring: PageQuerySchema,
        response: { 200: GeneralNoticeListSchema, ...listErrors },
      },
    },
    ({ query, dataVersion }, reply) => {
      const load = async () => arrayAnswer(await notices.listGeneralNotices(query));
      return answerList(
        reply,
        keepsInMemory(query)
          ? cache.read(`notices:${query.limit ?? 'all'}:${query.offset}`, ['notices'], load, dataVersion)
          : load(),
      );
    },
  );

  app.post(
    '/api/create-notice',
    {
      config: { access: ['teacher'] },
      schema: {
        tags: ['notices'],
        summary: 'Creates a notice of the given type; the signed-in teacher is its author',
        body: CreateNoticeRequestSchema,
        response: { 201: CreateNoticeResponseSchema, ...listErrors },
      },
    },
    async (request, reply) => {
      const authorId = principalOf(request).accountId;
      const message = MESSAGES.notice.created;
      const body = request.body;
      reply.code(201);
      switch (body.type) {
        case 'mentorNotice': {
          const { heading, description } = body.data;
          const notice = await notices.createMentorNotice(authorId, { heading, description });
          if (!notice) throw forbidden('Only teachers may post mentor notices');
          await notify.noticePosted(body.type, authorId, notice.teacherName);
          return { message, type: body.type, notice };
        }
        case 'eventNotice': {
          const notice = await notices.createEvent(authorId, body.data);
          await notify.noticePosted(body.type, authorId);
          return { message, type: body.type, notice };
        }
        case 'generalNotice': {
          const notice = await notices.createGeneralNotice(authorId, body.data);
          await notify.noticePosted(body.type, authorId);
          return { message, type: body.type, notice };
        }
      }
    },
  );
};
