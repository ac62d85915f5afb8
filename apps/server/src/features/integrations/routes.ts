/**
 * Integrations (decision record 0083): admins make API clients, each with scopes, an expiry and a
 * budget a minute; the token is in the create answer only. Revoking stops the token at once.
 */
import {
  API_CLIENT_DEFAULT_PER_MINUTE,
  ApiClientCreatedSchema,
  ApiClientCreateSchema,
  ApiClientListSchema,
  ApiClientParamsSchema,
  ApiClientSchema,
  ErrorSchema,
} from '@campus/contract';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { integrationsRepository } from './repository';

const ADMIN = ['admin'] as const;
const DAY_MS = 86_400_000;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const RevokedSchema = z.object({ message: z.string(), client: ApiClientSchema });

export const integrationsRoutes: Feature = async (app, { db, now }) => {
  const repo = integrationsRepository(db);

  app.get(
    '/api/api-clients',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['integrations'],
        summary:
          "Every integration's API client, newest first: names, scopes, expiry, last use; never a token",
        response: { 200: ApiClientListSchema, ...errors },
      },
    },
    async () => repo.list(),
  );

  app.post(
    '/api/api-clients',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['integrations'],
        summary:
          'Makes an API client. The answer holds its token (cp_…), shown this once: the server keeps only its hash',
        body: ApiClientCreateSchema,
        response: { 201: ApiClientCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = principalOf(request);
      const { name, scopes, expiresInDays, perMinute } = request.body;
      const t = now();
      const created = await repo.create({
        name,
        scopes,
        perMinute: perMinute ?? API_CLIENT_DEFAULT_PER_MINUTE,
        createdBy: admin.accountId,
        createdAt: new Date(t).toISOString(),
        expiresAt: new Date(t + expiresInDays * DAY_MS).toISOString(),
      });
      return reply.code(201).send({
        message: 'Integration created. Copy its token now: it will not be shown again.',
        ...created,
      });
    },
  );

  app.delete(
    '/api/api-clients/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['integrations'],
        summary: 'Revokes an API client: its token is refused (401) from the next request on',
        params: ApiClientParamsSchema,
        response: { 200: RevokedSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const admin = principalOf(request);
      const client = await repo.revoke(request.params.id, admin.accountId, new Date(now()).toISOString());
      if (!client) throw notFound('No such integration');
      return { message: `Integration ${client.name} revoked`, client };
    },
  );
};
