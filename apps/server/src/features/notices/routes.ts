/**
 * Mentor notices, events and general notices: read by the people each is for, written by teachers.
 * What each person sees depends on who they are and on the time, so a list is kept in memory per
 * reader and per stretch of time between two moments a notice starts or ends.
 */
import {
  CreateNoticeRequestSchema,
  CreateNoticeResponseSchema,
  ErrorSchema,
  EventNoticeListSchema,
  GeneralNoticeListSchema,
  MentorNoticeListSchema,
  MESSAGES,
  NoticeSearchListSchema,
  NoticeSearchQuerySchema,
  PageQuerySchema,
  CAMPUS_ROLES,
  targetingProblem,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../lib/errors';
import { answerList, arrayAnswer, keepsInMemory, type Listed, type Page } from '../../lib/lists';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { noticeKeys, type NoticeListKind } from './cache-keys';
import { noticesRepository } from './repository';

const listErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** The most search hits answered: the best of them. */
const SEARCH_HITS_MAX = 20;

/** How often an instance looks for scheduled notices that have started, to tell their people. */
const START_CHECK_MS = 10_000;

/**
 * Whom a list shows changes only when a notice, an event or a mentor notice starts or ends. Only the
 * moments to come are read, from the start of the hour before: past ones change nobody's list
 * (docs/performance.md, "Notices: the moments a list changes at"). They are kept per hour, so that
 * each hour's read is the same while the notices are.
 */
const MOMENTS_HOUR_MS = 3_600_000;

/**
 * A name for the stretch of time `now` is in: the first of the sorted `moments` after it (or the
 * end), so that two times share it only when no moment lies between them.
 */
export function stretchAt(moments: readonly string[], now: string): string {
  return moments[stretchOf(moments, now)] ?? 'end';
}

/** How many of the sorted `moments` are at or before `now`. */
export function stretchOf(moments: readonly string[], now: string): number {
  let low = 0;
  let high = moments.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (moments[middle]! <= now) low = middle + 1;
    else high = middle;
  }
  return low;
}

export const noticesRoutes: Feature = async (app, { db, dialect, notify, now, cache, webhooks }) => {
  const notices = noticesRepository(db, dialect, webhooks);
  const nowIso = () => new Date(now()).toISOString();
  const viewerOf = (request: FastifyRequest) => {
    const { accountId, role, rollNo } = principalOf(request);
    return { accountId, role, rollNo, now: nowIso() };
  };

  /**
   * A list for the signed-in person, from memory while its notices, their audiences and the reader's
   * groups are unchanged and no notice has started or ended since it was read.
   */
  const listFor = async <T>(
    request: FastifyRequest,
    page: Page,
    kind: NoticeListKind,
    load: (viewer: ReturnType<typeof viewerOf>) => Promise<Listed<T>>,
  ) => {
    const viewer = viewerOf(request);
    const read = async () => arrayAnswer(await load(viewer));
    if (!keepsInMemory(page)) return read();
    const outside = request.dataVersion;
    const hour = Math.floor(Date.parse(viewer.now) / MOMENTS_HOUR_MS);
    const moments = await cache.read(
      noticeKeys.moments(hour),
      () => notices.boundaries(new Date((hour - 1) * MOMENTS_HOUR_MS).toISOString()),
      outside,
    );
    const stretch = stretchAt(moments, viewer.now);
    return cache.read(noticeKeys.list(kind, viewer.accountId, page, stretch), read, outside);
  };

  /**
   * Tells the people of every scheduled notice that has started (once, whichever instance sees it).
   * When the next notice waiting to be told starts is kept in memory while the notices are unchanged,
   * so that a list read before then asks the database nothing more.
   */
  const tellStarted = async (outside?: number) => {
    const at = nowIso();
    const next = await cache.get(noticeKeys.nextUntold, () => notices.nextUntold(), outside);
    if (next === null || next > at) return;
    for (const started of await notices.claimStarted(at)) await notify.noticeStarted(started);
  };
  const timer = setInterval(() => {
    tellStarted().catch((err: unknown) => app.log.error({ err }, 'Scheduled notices could not be told'));
  }, START_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/api/get-mentor-notices',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['notices'],
        summary:
          "Mentor notices for the signed-in person, pinned first, then the latest to start. A student gets only the notices of their own mentors (the teachers who mentor the student's group) that are for them; teachers and admins get every teacher's that is for them (admins and the author: scheduled ones too, with the audience)",
        querystring: PageQuerySchema,
        response: { 200: MentorNoticeListSchema, ...listErrors },
      },
    },
    async (request, reply) => {
      await tellStarted(request.dataVersion);
      return answerList(
        reply,
        await listFor(request, request.query, 'mentor', (viewer) =>
          notices.listMentorNotices(request.query, viewer, viewer.rollNo ?? undefined),
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
        summary:
          'Events for the signed-in person (its audience, started, not ended), pinned first, then the latest to start',
        querystring: PageQuerySchema,
        response: { 200: EventNoticeListSchema, ...listErrors },
      },
    },
    async (request, reply) => {
      await tellStarted(request.dataVersion);
      return answerList(
        reply,
        await listFor(request, request.query, 'events', (viewer) =>
          notices.listEvents(request.query, viewer),
        ),
      );
    },
  );

  app.get(
    '/api/get-notices',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['notices'],
        summary:
          'General notices for the signed-in person (its audience, started, not ended), pinned first, then the latest to start',
        querystring: PageQuerySchema,
        response: { 200: GeneralNoticeListSchema, ...listErrors },
      },
    },
    async (request, reply) => {
      await tellStarted(request.dataVersion);
      return answerList(
        reply,
        await listFor(request, request.query, 'general', (viewer) =>
          notices.listGeneralNotices(request.query, viewer),
        ),
      );
    },
  );

  app.get(
    '/api/notices/search',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['notices'],
        summary:
          'Words in the notices, events and mentor notices the signed-in person may see, the best 20 first; the found words are marked with \\u0002 … \\u0003',
        querystring: NoticeSearchQuerySchema,
        response: { 200: NoticeSearchListSchema, ...listErrors },
      },
    },
    async (request) => {
      const { q, type } = request.query;
      return notices.search(q, viewerOf(request), type, SEARCH_HITS_MAX);
    },
  );

  app.post(
    '/api/create-notice',
    {
      config: { access: ['teacher'] },
      schema: {
        tags: ['notices'],
        summary:
          'Creates a notice of the given type; the signed-in teacher is its author. `data` may add audience (all, groups, students, teachers), groups, startsAt, endsAt and pinned',
        body: CreateNoticeRequestSchema,
        response: { 201: CreateNoticeResponseSchema, ...listErrors },
      },
    },
    async (request, reply) => {
      const authorId = principalOf(request).accountId;
      const message = MESSAGES.notice.created;
      const body = request.body;
      const problem = targetingProblem(body.data);
      if (problem) throw badRequest(problem);
      const at = nowIso();
      if (body.data.endsAt && new Date(body.data.endsAt).toISOString() <= at)
        throw badRequest('data.endsAt must be in the future');
      const unknown = await notices.unknownGroups(body.data.groups);
      if (unknown.length > 0) throw badRequest(`data.groups names no such group: ${unknown.join(', ')}`);
      reply.code(201);
      const started = (id: string, title: string, authorName: string | null) => ({
        type: body.type,
        id,
        authorId,
        authorName,
        title,
        audience: body.data.audience,
        groups: [...new Set(body.data.groups)],
      });
      switch (body.type) {
        case 'mentorNotice': {
          const made = await notices.createMentorNotice(authorId, body.data, at);
          if (!made) throw forbidden('Only teachers may post mentor notices');
          const { notice } = made;
          if (made.notifyNow)
            await notify.noticeStarted(started(notice._id, notice.heading, notice.teacherName));
          else await notify.noticeScheduled(authorId);
          return { message, type: body.type, notice };
        }
        case 'eventNotice': {
          const { notice, notifyNow } = await notices.createEvent(authorId, body.data, at);
          if (notifyNow) await notify.noticeStarted(started(notice._id, notice.eventName, null));
          else await notify.noticeScheduled(authorId);
          return { message, type: body.type, notice };
        }
        case 'generalNotice': {
          const { notice, notifyNow } = await notices.createGeneralNotice(authorId, body.data, at);
          if (notifyNow) await notify.noticeStarted(started(notice._id, notice.heading, null));
          else await notify.noticeScheduled(authorId);
          return { message, type: body.type, notice };
        }
      }
    },
  );
};
