/**
 * Signed webhooks (decision record 0085): admins register endpoints for kinds of events, see each
 * one's secret once (at creation and at each rotation), read its delivery log and send a delivery
 * again. Every change is in the audit log (features/audit/recorder.ts); a secret never is.
 */
import {
  ErrorSchema,
  WEBHOOK_ROTATION_GRACE_HOURS,
  WebhookDeliveryAnswerSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryQuerySchema,
  WebhookEndpointAnswerSchema,
  WebhookEndpointInputSchema,
  WebhookEndpointListSchema,
  WebhookParamsSchema,
  WebhookSecretAnswerSchema,
  type WebhookEndpointInput,
} from '@campus/contract';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { answerList } from '../../lib/lists';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { targetProblem } from './addresses';
import { webhooksRepository, type EndpointFields } from './repository';
import { newWebhookSecret } from './signing';

const ADMIN = ['admin'] as const;
const HOUR_MS = 3_600_000;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const TAGS = ['webhooks'];

export const webhooksRoutes: Feature = async (app, { db, now, webhooks }) => {
  const repo = webhooksRepository(db, now);

  /** The fields to save, once the URL is one deliveries may go to. */
  async function fieldsOf(body: WebhookEndpointInput): Promise<EndpointFields> {
    const problem = await targetProblem(body.url, webhooks.allowPrivate);
    if (problem) throw badRequest(problem);
    return {
      url: body.url,
      description: body.description ?? '',
      kinds: [...body.kinds],
      enabled: body.enabled ?? true,
    };
  }

  app.get(
    '/api/admin/webhooks',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary:
          'Every webhook endpoint, newest first: URL, kinds, whether enabled, deliveries waiting and failed',
        response: { 200: WebhookEndpointListSchema, ...errors },
      },
    },
    async () => repo.list(),
  );

  app.post(
    '/api/admin/webhooks',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary:
          'Registers an endpoint. The answer holds its signing secret (whsec_…), shown this once; private addresses are refused unless allowed',
        body: WebhookEndpointInputSchema,
        response: { 201: WebhookSecretAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const fields = await fieldsOf(request.body);
      const secret = newWebhookSecret();
      const endpoint = await repo.create(fields, webhooks.box.seal(secret), principalOf(request).accountId);
      webhooks.forget();
      return reply.code(201).send({
        message: 'Endpoint added. Copy its signing secret now: it will not be shown again.',
        endpoint,
        secret,
      });
    },
  );

  app.put(
    '/api/admin/webhooks/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary:
          "Changes an endpoint's URL, description, kinds, or enables or disables it (its deliveries wait)",
        params: WebhookParamsSchema,
        body: WebhookEndpointInputSchema,
        response: { 200: WebhookEndpointAnswerSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const fields = await fieldsOf(request.body);
      const endpoint = await repo.update(request.params.id, fields);
      if (!endpoint) throw notFound('No such webhook endpoint');
      webhooks.forget();
      webhooks.nudge();
      return { message: 'Endpoint saved', endpoint };
    },
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary: 'Deletes an endpoint and its delivery log; nothing more is sent to it',
        params: WebhookParamsSchema,
        response: { 200: WebhookEndpointAnswerSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const endpoint = await repo.remove(request.params.id);
      if (!endpoint) throw notFound('No such webhook endpoint');
      webhooks.forget();
      return { message: `Endpoint ${endpoint.url} deleted`, endpoint };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/rotate',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary: `Gives the endpoint a new signing secret, shown this once; the old one signs beside it for ${WEBHOOK_ROTATION_GRACE_HOURS} hours`,
        params: WebhookParamsSchema,
        response: { 200: WebhookSecretAnswerSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const secret = newWebhookSecret();
      const graceUntil = new Date(now() + WEBHOOK_ROTATION_GRACE_HOURS * HOUR_MS).toISOString();
      const endpoint = await repo.rotate(request.params.id, webhooks.box.seal(secret), graceUntil);
      if (!endpoint) throw notFound('No such webhook endpoint');
      return {
        message: `New secret made. Copy it now: it will not be shown again. The old one also signs until ${graceUntil}.`,
        endpoint,
        secret,
      };
    },
  );

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary:
          "An endpoint's delivery log, newest first, all or of one status; a page with `limit` (the whole count in X-Total-Count)",
        params: WebhookParamsSchema,
        querystring: WebhookDeliveryQuerySchema,
        response: { 200: WebhookDeliveryListSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await repo.one(request.params.id))) throw notFound('No such webhook endpoint');
      return answerList(reply, repo.deliveries(request.params.id, request.query));
    },
  );

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { access: ADMIN },
      schema: {
        tags: TAGS,
        summary: 'Sends a delivery again, with the same webhook-id and body and a fresh count of attempts',
        params: WebhookDeliveryParamsSchema,
        response: { 200: WebhookDeliveryAnswerSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const key = { endpointId: request.params.id, id: request.params.deliveryId };
      if (!(await repo.delivery(key.endpointId, key.id))) throw notFound('No such delivery of this endpoint');
      if (!(await webhooks.queue.resend(key))) throw conflict('The delivery is being sent right now');
      webhooks.nudge();
      return {
        message: 'The delivery will be sent again',
        delivery: (await repo.delivery(key.endpointId, key.id))!,
      };
    },
  );
};
