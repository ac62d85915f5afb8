/** The support form (public, limited per client: plugins/write-limits.ts) and the admin Support Collection. */
import {
  ErrorSchema,
  MESSAGES,
  SupportAddResponseSchema,
  SupportListQuerySchema,
  SupportMessageListSchema,
  SupportRequestSchema,
} from '@campus/contract';
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
        summary: 'The Support Collection, newest first',
        querystring: SupportListQuerySchema,
        response: { 200: SupportMessageListSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => answerList(reply, arrayAnswer(await support.list(request.query))),
  );
};
