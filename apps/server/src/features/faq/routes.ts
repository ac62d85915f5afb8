/** The chatbot FAQ: the public list, the free-text matcher, and the admins' editing. */
import {
  ErrorSchema,
  FaqAskRequestSchema,
  FaqUnmatchedListSchema,
  FaqIdParamsSchema,
  FaqItemRequestSchema,
  FaqItemSchema,
  FaqListSchema,
  FaqMatchQuerySchema,
  FaqMatchResponseSchema,
  MessageSchema,
  CAMPUS_ROLES,
} from '@campus/contract';
import { notFound } from '../../lib/errors';
import type { Feature } from '../deps';
import { answerFaq } from './matcher';
import { faqRepository } from './repository';
import { unmatchedRepository } from './unmatched';

const ADMINS = ['admin'] as const;
const NO_SUCH_ITEM = 'There is no FAQ item with this id';
const adminErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema } as const;

export const faqRoutes: Feature = async (app, { db }) => {
  const faq = faqRepository(db);
  const unmatched = unmatchedRepository(db);

  app.get(
    '/questions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['faq'],
        summary: 'The chatbot FAQ, in display order (anyone)',
        security: [],
        response: { 200: FaqListSchema },
      },
    },
    () => faq.list(),
  );

  app.get(
    '/api/faq/match',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['faq'],
        summary:
          'The FAQ item that clearly answers a typed question, or null and the closest items (typo tolerant)',
        querystring: FaqMatchQuerySchema,
        response: { 200: FaqMatchResponseSchema, ...adminErrors },
      },
    },
    async (request) => answerFaq(request.query.q, await faq.list()),
  );

  app.post(
    '/api/faq/ask',
    {
      // Asking changes nothing a user would count as a change; the kept questions are capped.
      config: { access: CAMPUS_ROLES, writeLimit: false },
      schema: {
        tags: ['faq'],
        summary:
          'Ask the chatbot: the FAQ item that clearly answers the question, or null and the closest items; a question answered by none is kept for admins',
        body: FaqAskRequestSchema,
        response: { 200: FaqMatchResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const answer = answerFaq(request.body.q, await faq.list());
      if (!answer.match) await unmatched.record(request.body.q.trim());
      return answer;
    },
  );

  app.get(
    '/api/faq/unmatched',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['faq'],
        summary: 'Questions the chatbot found no answer for, most asked first (admins)',
        response: { 200: FaqUnmatchedListSchema, ...adminErrors },
      },
    },
    () => unmatched.list(),
  );

  app.delete(
    '/api/faq/unmatched/:id',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['faq'],
        summary: 'Remove a question from the unanswered list (admins)',
        params: FaqIdParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      if (!(await unmatched.dismiss(request.params.id))) {
        throw notFound('There is no unanswered question with this id');
      }
      return { message: 'Question removed from the list' };
    },
  );

  app.post(
    '/api/faq',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['faq'],
        summary: 'Add an FAQ item at the end (admins)',
        body: FaqItemRequestSchema,
        response: { 201: FaqItemSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await faq.add(request.body)),
  );

  app.put(
    '/api/faq/:id',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['faq'],
        summary: 'Change the question and answer of an FAQ item (admins)',
        params: FaqIdParamsSchema,
        body: FaqItemRequestSchema,
        response: { 200: FaqItemSchema, 404: ErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      const item = await faq.update(request.params.id, request.body);
      if (!item) throw notFound(NO_SUCH_ITEM);
      return item;
    },
  );

  app.delete(
    '/api/faq/:id',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['faq'],
        summary: 'Remove an FAQ item (admins)',
        params: FaqIdParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      if (!(await faq.remove(request.params.id))) throw notFound(NO_SUCH_ITEM);
      return { message: 'FAQ item removed' };
    },
  );
};
