/**
 * Notifications (the bell and the inbox: each person their own) and the live updates stream: one
 * server-sent events connection per tab that says which lists changed for its person.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  CountSchema,
  ErrorSchema,
  LIVE_SUPERSEDED_EVENT,
  MarkedReadSchema,
  MarkShownReadSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationSchema,
  PageQuerySchema,
  ROLES,
  type LiveTopic,
} from '@campus/contract';
import type { Audience, LiveMessage } from '../../db/live-events';
import { clientKey } from '../../lib/client-address';
import { HttpError, notFound } from '../../lib/errors';
import { answerList, arrayAnswer, keepsInMemory } from '../../lib/lists';
import { principalOf } from '../../plugins/access';
import type { Principal } from '../../types';
import type { Feature } from '../deps';
import { notificationKeys } from './cache-keys';
import { notificationRepository } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
/** A comment line this often keeps proxies from closing a quiet stream and finds dead ones. */
const HEARTBEAT_MS = 15_000;
/** How soon a browser reconnects after the stream drops. */
const RETRY_MS = 2000;

/** Who a stream's person is, as audiences name people. */
interface Listener {
  principal: Principal;
  /** A student's group, or the groups a teacher mentors. */
  groups: readonly string[];
}

function concerns(audience: Audience, { principal, groups }: Listener): boolean {
  if (audience.accounts?.includes(principal.accountId)) return true;
  if (audience.roles?.includes(principal.role)) return true;
  const named = principal.role === 'student' ? audience.studentGroups : audience.mentorsOf;
  return principal.role !== 'admin' && !!named?.some((g) => groups.includes(g));
}

const frame = (id: string, topics: readonly LiveTopic[]) =>
  `id: ${id}\ndata: ${JSON.stringify({ topics })}\n\n`;

/**
 * Ends a stream of an instance that drains before stopping: the tab reconnects after this many ms
 * (spread so that tabs do not all come at once), through the proxy to another instance, and
 * resumes from its Last-Event-ID there (record 0030).
 */
const drainedFrame = (random = Math.random) =>
  `retry: ${100 + Math.floor(random() * 400)}\n: this instance is stopping; reconnect\n\n`;

/** Ends a stream whose place a newer stream of its account took: the tab reconnects on focus. */
const SUPERSEDED = `event: ${LIVE_SUPERSEDED_EVENT}\ndata: {}\n\n`;

export const notificationsRoutes: Feature = async (
  app,
  { db, auth, cache, live, streamSlots, lifecycle },
) => {
  const notes = notificationRepository(db);

  app.get(
    '/api/notifications',
    {
      config: { access: ROLES },
      schema: {
        tags: ['notifications'],
        summary: "The signed-in person's notifications, newest first",
        querystring: PageQuerySchema,
        response: { 200: NotificationListSchema, ...errors },
      },
    },
    (request, reply) => {
      const { accountId } = principalOf(request);
      const page = request.query;
      const load = async () => arrayAnswer(await notes.list(accountId, page));
      return answerList(
        reply,
        keepsInMemory(page)
          ? cache.read(notificationKeys.list(accountId, page), load, request.dataVersion)
          : load(),
      );
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: ROLES },
      schema: {
        tags: ['notifications'],
        summary: 'How many of them are unread (the bell)',
        response: { 200: CountSchema, ...errors },
      },
    },
    (request) => {
      // Kept per person until one of their own notifications changes.
      const { accountId } = principalOf(request);
      return cache.read(
        notificationKeys.unread(accountId),
        async () => ({ count: await notes.unreadCount(accountId) }),
        request.dataVersion,
      );
    },
  );

  app.put(
    '/api/notifications/:id/read',
    {
      config: { access: ROLES },
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of them read (another person’s is not found)',
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema.pick({ _id: true, read: true }), ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      if (!(await notes.markRead(accountId, request.params.id))) throw notFound('Notification not found');
      live.publish({ accounts: [accountId] }, ['notifications']);
      return { _id: request.params.id, read: true };
    },
  );

  app.put(
    '/api/notifications/:id/unread',
    {
      config: { access: ROLES },
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of them unread again (another person’s is not found)',
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema.pick({ _id: true, read: true }), ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      if (!(await notes.markUnread(accountId, request.params.id))) throw notFound('Notification not found');
      live.publish({ accounts: [accountId] }, ['notifications']);
      return { _id: request.params.id, read: false };
    },
  );

  app.put(
    '/api/notifications/read',
    {
      config: { access: ROLES },
      schema: {
        tags: ['notifications'],
        summary: 'Marks the named ones read (what the inbox showed); answers how many were unread',
        body: MarkShownReadSchema,
        response: { 200: MarkedReadSchema, ...errors },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const count = await notes.markManyRead(accountId, request.body.ids);
      if (count > 0) live.publish({ accounts: [accountId] }, ['notifications']);
      return { count };
    },
  );

  app.put(
    '/api/notifications/read-all',
    {
      config: { access: ROLES },
      schema: {
        tags: ['notifications'],
        summary: 'Marks all of them read; answers how many were unread',
        response: { 200: MarkedReadSchema, ...errors },
      },
    },
    async (request) => {
      const { accountId } = principalOf(request);
      const count = await notes.markAllRead(accountId);
      if (count > 0) live.publish({ accounts: [accountId] }, ['notifications']);
      return { count };
    },
  );

  /** A student's group, or the groups a teacher mentors: who a stream's person is to audiences. */
  const listenerGroups = async (principal: Principal): Promise<string[]> => {
    if (principal.role === 'student') {
      const rows = await db
        .selectFrom('students')
        .select('group_name')
        .where('account_id', '=', principal.accountId)
        .execute();
      return rows.map((r) => r.group_name);
    }
    if (principal.role === 'teacher') {
      const rows = await db
        .selectFrom('teacher_groups')
        .select('group_name')
        .where('teacher_account_id', '=', principal.accountId)
        .execute();
      return rows.map((r) => r.group_name);
    }
    return [];
  };

  /** Every open stream of this instance, for the one heartbeat timer. */
  const streams = new Set<{ out: ServerResponse; principal: Principal }>();
  const heartbeat = setInterval(() => {
    for (const stream of streams) {
      stream.out.write(': heartbeat\n\n');
      // A stream outlives neither its session (sign-out, deactivation) nor its expiry.
      const { sessionId, accountId } = stream.principal;
      void Promise.resolve(auth.findPrincipal(sessionId, accountId)).then(
        (still) => still || stream.out.end(),
        () => undefined,
      );
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const stopListening = lifecycle.onDrain(() => {
    for (const stream of streams) stream.out.end(drainedFrame());
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    stopListening();
    for (const stream of streams) stream.out.end();
  });

  app.get(
    '/api/events',
    {
      config: { access: ROLES, stream: true },
      schema: {
        tags: ['notifications'],
        summary:
          'Live updates as server-sent events: each event names the lists that changed for the signed-in person (`data: {"topics": [...]}`); `Last-Event-ID` resumes',
        response: { 401: ErrorSchema, 403: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (lifecycle.draining) {
        throw new HttpError(503, 'This instance is stopping: connect again in a moment', {
          'retry-after': '1',
        });
      }
      // Claimed before any work for the stream: past the bounds this is a 503 (decision record 0023).
      const slot = streamSlots.claim(principal.accountId, clientKey(request.ip));
      const groups = await listenerGroups(principal).catch((error: unknown) => {
        slot.release();
        throw error;
      });
      const listener: Listener = { principal, groups };
      // Written to the socket as it is, without a stream in between: one open stream costs what
      // its connection does (bench:streams measures it).
      reply.hijack();
      const out = reply.raw;
      if (request.raw.socket.destroyed) {
        // Gone while its groups were read: its 'close' has passed already.
        slot.release();
        return;
      }
      const set = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      out.writeHead(200, {
        ...(Object.fromEntries(set) as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      const stream = { out, principal };

      out.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const lastId = request.headers['last-event-id'];
      const newest = live.newestId;
      if ((typeof lastId !== 'string' || !lastId) && newest) {
        // A resume point before any event: a tab whose stream ends before it heard one (its instance
        // drains, a proxy drops it) still resumes from here, wherever it reconnects (record 0030).
        out.write(`id: ${newest}\n\n`);
      }
      if (typeof lastId === 'string' && lastId) {
        const missed = live.since(lastId);
        if (missed === undefined) {
          // Too long away to know what changed: everything may have.
          out.write(
            frame(`resync-${Date.now()}`, ['gatepasses', 'queries', 'notices', 'stats', 'notifications']),
          );
        } else {
          for (const message of missed)
            if (concerns(message.audience, listener)) out.write(frame(message.id, message.topics));
        }
      }
      const unsubscribe = live.subscribe((message: LiveMessage) => {
        if (concerns(message.audience, listener)) out.write(frame(message.id, message.topics));
      });
      streams.add(stream);
      const close = () => {
        unsubscribe();
        streams.delete(stream);
        slot.release();
        out.end();
      };
      out.once('close', close);
      slot.onSuperseded = () => out.end(SUPERSEDED);
      // A newer stream of this account came while this one's groups were read.
      if (slot.superseded) slot.onSuperseded();
    },
  );
};
