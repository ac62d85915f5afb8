/**
 * Web Push (decision record 0088): the campus's public key, and the signed-in person's own
 * devices: add this browser, turn kinds on or off per device, remove one. Nobody reads or changes
 * another person's devices: someone else's id or endpoint is answered as not found.
 */
import {
  ErrorSchema,
  MAIL_KINDS_BY_ROLE,
  MessageSchema,
  PushDeviceParamsSchema,
  PushDeviceSchema,
  PushDevicesSchema,
  PushDeviceUpdateSchema,
  PushEndpointSchema,
  PushKeySchema,
  PushSubscriptionInputSchema,
  ROLES,
  type PushKind,
  type Role,
} from '@campus/contract';
import { badRequest, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { deviceLabel, endpointProblem } from './endpoint';

/** The kinds a role is told of; a role with none (the gate's) is pushed nothing. */
const kindsOf = (role: Role): readonly PushKind[] =>
  (MAIL_KINDS_BY_ROLE as Partial<Record<Role, readonly PushKind[]>>)[role] ?? [];

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const NOT_YOURS = 'No device of yours has this id; it may have been removed already';

export const pushRoutes: Feature = async (app, { push }) => {
  const { subscriptions } = push;

  app.get(
    '/api/push/key',
    {
      config: { access: ROLES },
      schema: {
        tags: ['push'],
        summary: "The campus's VAPID public key: the applicationServerKey to subscribe with",
        response: { 200: PushKeySchema, ...errors },
      },
    },
    async () => ({ publicKey: (await push.keys()).publicKey }),
  );

  app.get(
    '/api/push/subscriptions',
    {
      config: { access: ROLES },
      schema: {
        tags: ['push'],
        summary: 'My devices that get push notifications, and the kinds each gets',
        response: { 200: PushDevicesSchema, ...errors },
      },
    },
    async (request) => {
      const me = principalOf(request);
      return {
        kinds: [...kindsOf(me.role)],
        devices: await subscriptions.devicesOf(me.accountId),
      };
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { access: ROLES },
      schema: {
        tags: ['push'],
        summary:
          "Adds this browser's push subscription (PushSubscription.toJSON()) to my devices; a browser another account held becomes mine",
        body: PushSubscriptionInputSchema,
        response: { 200: PushDeviceSchema, 201: PushDeviceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = principalOf(request);
      const problem = endpointProblem(request.body.endpoint, push.allowTestEndpoints);
      if (problem) throw badRequest(problem);
      const label = request.body.label || deviceLabel(request.headers['user-agent']);
      const { device, created, moved } = await subscriptions.subscribe(me.accountId, request.body, label);
      if (moved) request.log.info({ device: device._id }, 'A push subscription moved to another account');
      return reply.code(created ? 201 : 200).send(device);
    },
  );

  app.put(
    '/api/push/subscriptions/:id',
    {
      config: { access: ROLES },
      schema: {
        tags: ['push'],
        summary: 'Turns kinds of push notification on or off for one of my devices',
        params: PushDeviceParamsSchema,
        body: PushDeviceUpdateSchema,
        response: { 200: PushDeviceSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const device = await subscriptions.setKinds(me.accountId, request.params.id, request.body.kinds);
      if (!device) throw notFound(NOT_YOURS);
      return device;
    },
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      config: { access: ROLES },
      schema: {
        tags: ['push'],
        summary: 'Removes one of my devices: it gets no more push notifications',
        params: PushDeviceParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const me = principalOf(request);
      if (!(await subscriptions.remove(me.accountId, { id: request.params.id }))) throw notFound(NOT_YOURS);
      return { message: 'The device gets no more push notifications' };
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { access: ROLES },
      schema: {
        tags: ['push'],
        summary: 'Removes this browser (by its endpoint) from my devices: at sign-out, or push turned off',
        body: PushEndpointSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const me = principalOf(request);
      if (!(await subscriptions.remove(me.accountId, { endpoint: request.body.endpoint })))
        throw notFound('This browser is not one of your devices; it may have been removed already');
      return { message: 'This browser gets no more push notifications' };
    },
  );
};
