/**
 * The Q&A board: students ask, everyone reads and likes, teachers answer, staff hide spam, admins see
 * the collection.
 */
import {
  ErrorSchema,
  LikeResponseSchema,
  OWN_QUERY_LIKE_MESSAGE,
  OwnQueriesQuerySchema,
  QueriesResponseSchema,
  QueryBoardQuerySchema,
  QueryCollectionQuerySchema,
  QueryHiddenRequestSchema,
  QueryIdParamsSchema,
  QUERY_SUBMITTED_MESSAGE,
  QueryListSchema,
  QuerySchema,
  CAMPUS_ROLES,
  type Query,
  RollNoParamsSchema,
  SIMILAR_QUERIES_MAX,
  SimilarQueriesQuerySchema,
  SimilarQueryListSchema,
  SubmitQueryRequestSchema,
  SubmitQueryResponseSchema,
  UpdateSolutionRequestSchema,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { answerList, arrayAnswer, type ListAnswer, type Listed } from '../../lib/lists';
import { alongside } from '../../plugins/settle-writes';
import { countedWrite } from '../../plugins/write-limits';
import { studentCards } from '../people/cards';
import { assertOwnRollNo, principalOf } from '../../plugins/access';
import type { App } from '../../types';
import type { Feature } from '../deps';
import { queryRepository, type Reader } from './repository';
import { entriesWithWrite } from '../audit/entries';
import { menteeRows } from '../../db/mentees';
import { isCachedValue, shareValue } from '../../db/read-cache';

const TAGS = ['queries'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** Bodies of items shared by many readers (`shareValue`), made once, so that their text is too. */
const sharedBodies = new WeakMap<Query[], { queries: Query[] }>();

/** The three query lists answer `{ queries: [...] }` (ARCHITECTURE "API"). */
const wrapped = (listed: Listed<Query>): ListAnswer<{ queries: Query[] }> => {
  if (!isCachedValue(listed.items)) return { body: { queries: listed.items }, total: listed.total };
  let body = sharedBodies.get(listed.items);
  if (!body) {
    body = shareValue({ queries: listed.items });
    sharedBodies.set(listed.items, body);
  }
  return { body, total: listed.total };
};

export const queriesRoutes: Feature = async (app: App, { db, dialect, cache, notify, audit }) => {
  const queries = queryRepository(
    db,
    dialect,
    (key, tables, load, outside) => cache.get(key, tables, load, outside),
    menteeRows(db, cache),
    cache,
  );
  const cardOf = studentCards(db, cache);

  const readerOf = (request: FastifyRequest): Reader => {
    const { accountId, role, rollNo } = principalOf(request);
    return { accountId, role, rollNo };
  };

  /**
   * Staff were shown who asked anonymous questions: the log keeps who saw which (one entry per answer
   * that showed any). Students are never shown another's, so nothing is recorded for them.
   */
  const auditReveal = async (request: FastifyRequest, shown: readonly Query[]): Promise<void> => {
    const { role, loginId, rollNo } = principalOf(request);
    if (role === 'student') return;
    const revealed = shown.filter((q) => q.anonymous && q.rollNo !== rollNo);
    if (revealed.length === 0) return;
    await audit.record({
      kind: 'query.reveal',
      actorLoginId: loginId,
      actorRole: role,
      target: revealed
        .slice(0, 5)
        .map((q) => q._id)
        .join(' '),
      detail: `Shown the askers of ${revealed.length} anonymous ${revealed.length === 1 ? 'query' : 'queries'}: roll ${[
        ...new Set(revealed.map((q) => q.rollNo)),
      ]
        .slice(0, 10)
        .join(', ')}`,
    });
  };

  app.post(
    '/api/submit-query',
    {
      config: { access: ['student'], writeLimit: 'queries', writeLimitWithWrite: true },
      schema: {
        tags: TAGS,
        summary: 'Ask a question as the signed-in student; it starts unsolved with no likes',
        body: SubmitQueryRequestSchema,
        response: { 201: SubmitQueryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (principal.rollNo === null) throw forbidden('Only students may submit queries');
      const { topic, tags, query: description, anonymous } = request.body;
      const answerOf = (query: Query) => ({ message: QUERY_SUBMITTED_MESSAGE, query });
      const student = await cardOf(principal.rollNo, request.dataVersion);
      if (!student) throw forbidden('Only students may submit queries');
      const query = await queries.create(
        { rollNo: principal.rollNo, topic, description, tags, anonymous },
        student,
        readerOf(request),
        countedWrite(request),
        (asked) => entriesWithWrite(request, answerOf(asked)),
      );
      await notify.queriesChanged();
      return reply.code(201).send(answerOf(query));
    },
  );

  /**
   * A board, unsolved or solved: filtered by group and by the signed-in teacher's mentees (the work
   * list), and sorted. Its pages and counts are kept in memory once for every reader (the repository
   * adds each reader's likes); searches are read afresh, each would keep a page per word.
   */
  const board = (
    solved: boolean,
    reader: Reader,
    { group, mine, sort, order, search, tag, ...page }: z.infer<typeof QueryBoardQuerySchema>,
    outside: number | undefined,
  ) => {
    const mentoredBy = mine ? reader.accountId : undefined;
    const words = search === '' ? undefined : search;
    return queries
      .list({ solved, group, mentoredBy, sort, order, words, tag }, page, reader, outside)
      .then((listed) => wrapped(listed));
  };

  app.get(
    '/api/queries-without-solution',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "Unsolved queries, newest first unless sorted; `group` keeps one group's, `mine=true` the signed-in teacher's mentees'; `search` finds words in topic, tags and description, best match first; `tag` keeps one tag's. Every query without `limit`, else a page; the count in X-Total-Count",
        querystring: QueryBoardQuerySchema,
        response: { 200: QueriesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await board(false, readerOf(request), request.query, request.dataVersion);
      await auditReveal(request, answer.body.queries);
      return answerList(reply, answer);
    },
  );

  app.get(
    '/api/queries-with-solution',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "Solved queries, newest first unless sorted; `group` keeps one group's, `mine=true` the signed-in teacher's mentees'; `search` finds words in topic, tags and description, best match first; `tag` keeps one tag's. Every query without `limit`, else a page; the count in X-Total-Count",
        querystring: QueryBoardQuerySchema,
        response: { 200: QueriesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await board(true, readerOf(request), request.query, request.dataVersion);
      await auditReveal(request, answer.body.queries);
      return answerList(reply, answer);
    },
  );

  app.get(
    '/api/queries-by-rollno/:rollNo',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "One student's queries, newest first, hidden ones too (students: their own only); `solved=true|false` keeps the solved or the unsolved ones",
        params: RollNoParamsSchema,
        querystring: OwnQueriesQuerySchema,
        response: { 200: QueriesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertOwnRollNo(request, request.params.rollNo);
      const { solved, ...page } = request.query;
      const listed = await queries.list(
        { rollNo: request.params.rollNo, withHidden: true, ...(solved === undefined ? {} : { solved }) },
        page,
        readerOf(request),
        request.dataVersion,
      );
      await auditReveal(request, listed.items);
      return answerList(reply, wrapped(listed));
    },
  );

  app.put(
    '/api/queries/update-solution',
    {
      config: { access: ['teacher'] },
      schema: {
        tags: TAGS,
        summary: 'Answer an unsolved query; an answered query keeps its solution (409)',
        body: UpdateSolutionRequestSchema,
        response: { 200: QuerySchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const teacher = principalOf(request);
      const { queryId, solution } = request.body;
      const outcome = await queries.solve(queryId, solution, teacher.accountId);
      if (outcome.kind === 'not-found') throw notFound('Query not found');
      if (outcome.kind === 'already-solved') throw conflict('This query has already been answered');
      alongside(request, notify.queryAnswered(outcome.query));
      await auditReveal(request, [outcome.query]);
      return outcome.query;
    },
  );

  app.post(
    '/api/queries/:id/like',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: TAGS,
        summary:
          "Like a query, or take the signed-in account's like back; answers the new count. A student cannot like their own question (403)",
        params: QueryIdParamsSchema,
        response: { 200: LikeResponseSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { accountId, rollNo } = principalOf(request);
      const result = await queries.toggleLike(request.params.id, accountId, rollNo);
      if (!result) throw notFound('Query not found');
      if (result === 'own') throw forbidden(OWN_QUERY_LIKE_MESSAGE);
      return result;
    },
  );

  app.put(
    '/api/queries/:id/hidden',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          'Hide a query as spam (it leaves both boards; its student and the admin collection still see it), or show it again',
        params: QueryIdParamsSchema,
        body: QueryHiddenRequestSchema,
        response: { 200: QuerySchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const staff = principalOf(request);
      const query = await queries.setHidden(request.params.id, request.body.hidden, staff.accountId);
      if (!query) throw notFound('Query not found');
      await notify.queriesChanged();
      await auditReveal(request, [query]);
      return query;
    },
  );

  app.get(
    '/api/queries',
    {
      config: { access: ['admin'] },
      schema: {
        tags: TAGS,
        summary:
          'The Queries Collection: every query (hidden ones flagged), newest first; `search` finds words in topic, tags and description (the full-text index), best match first',
        querystring: QueryCollectionQuerySchema,
        response: { 200: QueryListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { limit, offset, search } = request.query;
      const listed = await queries.list(
        { words: search ? search : undefined, withHidden: true },
        { limit, offset },
        readerOf(request),
      );
      await auditReveal(request, listed.items);
      return answerList(reply, arrayAnswer(listed));
    },
  );

  app.get(
    '/api/queries/similar',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: TAGS,
        summary: `Up to ${SIMILAR_QUERIES_MAX} questions on the boards most like a topic being written (any of its words), best first, the shared words marked with \\u0002 … \\u0003; no asker is named`,
        querystring: SimilarQueriesQuerySchema,
        response: { 200: SimilarQueryListSchema, ...errors },
      },
    },
    async (request) => queries.similar(request.query.q, SIMILAR_QUERIES_MAX),
  );

  app.get(
    '/api/queries/:id',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: TAGS,
        summary:
          'One query with its answer, for the screen its notification opens: a hidden one to its asker and staff only (not found for other students)',
        params: QueryIdParamsSchema,
        response: { 200: QuerySchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const reader = readerOf(request);
      const query = await queries.findById(request.params.id, reader, true);
      // Another student's hidden question is on no board; to them it does not exist.
      if (!query || (reader.role === 'student' && query.hidden && query.rollNo !== reader.rollNo)) {
        throw notFound('Query not found');
      }
      await auditReveal(request, [query]);
      return query;
    },
  );
};
