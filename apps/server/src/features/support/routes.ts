/** The support form (public, rate limited per client) and the admin Support Collection. */
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  MESSAGES,
  SUPPORT_RATE_LIMIT,
  SupportAddResponseSchema,
  SupportListQuerySchema,
  SupportMessageListSchema,
  SupportRequestSchema,
} from '@campus/contract';
import { HttpError } from '../../lib/errors';
import { answerList, arrayAnswer } from '../../lib/lists';
import type { Feature } from '../deps';
import { supportRepository } from './repository';

const WINDOW_MS = SUPPORT_RATE_LIMIT.windowMinutes * 60_000;

/** "Try again in 7 minutes." / "Try again in 40 seconds." */
export function retryAfterText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const supportRoutes: Feature = async (app, { db }) => {
  const support = supportRepository(db);

  // Its own encapsulated scope, so the rate limiter's hooks apply to the support form only.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          context.statusCode,
          `Too many support messages from your network. Try again in ${retryAfterText(context.ttl)}.`,
        ),
    });

    scope.post(
      '/api/support-add',
      {
        config: {
          access: 'public',
          rateLimit: { max: SUPPORT_RATE_LIMIT.max, timeWindow: WINDOW_MS },
        },
        schema: {
          tags: ['support'],
          summary: 'Send a message to the support desk (anyone, signed in or not)',
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
        return reply.code(201).send({ message: MESSAGES.support.sent, support: saved });
      },
    );
  });

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
