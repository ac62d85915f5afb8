/**
 * Each person's private calendar feed: a link made once, shown again on request, replaced (the old
 * one stops working) or revoked. The link is the feed's id and a signature under the server's secret.
 */
import { ErrorSchema, MessageSchema } from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { calendarFeed } from './calendar-feed';
import { timetableRepository } from './repository';

const PEOPLE = ['student', 'teacher', 'admin'] as const;
const PURPOSE = 'calendar-feed';
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const FeedSchema = z.object({ url: z.string().nullable(), createdAt: z.string().nullable() });
const FeedFileParamsSchema = z.object({ file: z.string().max(200) });

export const feedRoutes: Feature = async (app, { db, signer, now, clock }) => {
  const timetable = timetableRepository(db);
  const fileOf = (feedId: string) => `${feedId}.${signer.sign(PURPOSE, feedId)}.ics`;
  const urlOf = (request: FastifyRequest, feedId: string) =>
    `${request.protocol}://${request.host}/api/calendar/${fileOf(feedId)}`;

  const current = (accountId: string) =>
    db
      .selectFrom('calendar_feeds')
      .select(['feed_id', 'created_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();

  app.get(
    '/api/calendar-feed',
    {
      config: { access: PEOPLE },
      schema: {
        tags: ['timetable'],
        summary: "The link of the signed-in person's private calendar feed, or null before one is made",
        response: { 200: FeedSchema, ...errors },
      },
    },
    async (request) => {
      const feed = await current(principalOf(request).accountId);
      return { url: feed ? urlOf(request, feed.feed_id) : null, createdAt: feed?.created_at ?? null };
    },
  );

  app.post(
    '/api/calendar-feed',
    {
      config: { access: PEOPLE },
      schema: {
        tags: ['timetable'],
        summary: 'Makes a new calendar feed link; the previous link, if any, stops working',
        response: { 201: FeedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId } = principalOf(request);
      const feedId = randomBytes(16).toString('base64url');
      const createdAt = new Date(now()).toISOString();
      await db
        .insertInto('calendar_feeds')
        .values({ account_id: accountId, feed_id: feedId, created_at: createdAt })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ feed_id: feedId, created_at: createdAt }))
        .execute();
      return reply.code(201).send({ url: urlOf(request, feedId), createdAt });
    },
  );

  app.delete(
    '/api/calendar-feed',
    {
      config: { access: PEOPLE },
      schema: {
        tags: ['timetable'],
        summary: 'Revokes the calendar feed link (no link works afterwards)',
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      // Revoking twice is not an error: either way no link works afterwards.
      await db
        .deleteFrom('calendar_feeds')
        .where('account_id', '=', principalOf(request).accountId)
        .execute();
      return { message: 'Calendar feed link revoked' };
    },
  );

  app.get(
    '/api/calendar/:file',
    {
      // Opened by calendar apps, which send no session: the signed link is the key.
      config: { access: 'public' },
      schema: {
        tags: ['timetable'],
        summary: 'A private calendar feed (text/calendar), by its signed link',
        params: FeedFileParamsSchema,
        response: { 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const [feedId, signature, ext, ...rest] = request.params.file.split('.');
      const gone = () => notFound('This calendar link is not valid; make a new one in the portal');
      if (!feedId || !signature || ext !== 'ics' || rest.length > 0) throw gone();
      if (!signer.verify(PURPOSE, feedId, signature)) throw gone();
      const feed = await db
        .selectFrom('calendar_feeds as f')
        .innerJoin('accounts as a', 'a.id', 'f.account_id')
        .leftJoin('students as s', 's.account_id', 'a.id')
        .select(['a.id', 'a.role', 'a.login_id', 'a.deactivated_at', 's.roll_no'])
        .where('f.feed_id', '=', feedId)
        .executeTakeFirst();
      if (!feed || feed.deactivated_at) throw gone();
      const who = {
        accountId: feed.id,
        role: feed.role,
        loginId: feed.login_id,
        rollNo: feed.roll_no ?? null,
        sessionId: '',
        mustChangePassword: false,
      };
      const body = await calendarFeed(db, timetable, who, await clock.settings(), now());
      // Text, not JSON: no response schema describes a 200, so nothing serializes it.
      void reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=900');
      return reply.send(body as never);
    },
  );
};
