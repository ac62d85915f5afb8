/** The support form (public, limited per client: plugins/write-limits.ts) and the admin's support inbox. */
import {
  ErrorSchema,
  MESSAGES,
  SupportAddResponseSchema,
  SupportIdParamsSchema,
  SupportListQuerySchema,
  SupportMessageListSchema,
  SupportMessageSchema,
  SupportRequestSchema,
  SupportStatusCountsSchema,
  SupportStatusRequestSchema,
} from '@campus/contract';
import { notFound } from '../../lib/errors';
import { answerList, arrayAnswer } from '../../lib/lists';
import type { Feature } from '../deps';
import { supportRepository } from './repository';

export const supportRoutes: Feature = async (app, { db, notify }) => {
  const support = supportRepository(db);

  app.post(
    '/api/support-add',
    {
      config: { access: 'public', writeLimit: 'support' },
      schema: {
        tags: ['support'],
        summary: 'Send a message to the support desk (anyone, signed in or not; limited per client)',
        security: [],
        body: SupportRequestSchema,
        response: {
          201: SupportAddResponseSchema,
          400: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const saved = await support.add(request.body);
      await notify.supportReceived(saved.name);
      return reply.code(201).send({ message: MESSAGES.support.sent, support: saved });
    },
  );

  app.get(
    '/api/supports',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['support'],
        summary:
          "The admin's support inbox, newest first; `status` keeps one status, `search` looks in name, email, message and reference number",
        querystring: SupportListQuerySchema,
        response: { 200: SupportMessageListSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => answerList(reply, arrayAnswer(await support.list(request.query))),
  );

  app.get(
    '/api/supports/status-counts',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['support'],
        summary: 'How many support messages are new, in progress and resolved',
        response: { 200: SupportStatusCountsSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => support.statusCounts(),
  );

  app.put(
    '/api/supports/:id/status',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['support'],
        summary: 'Mark a support message new, in progress or resolved',
        params: SupportIdParamsSchema,
        body: SupportStatusRequestSchema,
        response: {
          200: SupportMessageSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          415: ErrorSchema,
        },
      },
    },
    async (request) => {
      const saved = await support.setStatus(request.params.id, request.body.status);
      if (!saved) throw notFound('Support message not found');
      return saved;
    },
  );
};
