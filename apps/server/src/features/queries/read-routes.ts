/** The routes that read the board: both boards, a student's questions, the collection, one query. */
import {
  ErrorSchema,
  OwnQueriesQuerySchema,
  QueriesResponseSchema,
  QueryBoardQuerySchema,
  QueryCollectionQuerySchema,
  QueryIdParamsSchema,
  QueryListSchema,
  QuerySchema,
  CAMPUS_ROLES,
  type Query,
  RollNoParamsSchema,
  SIMILAR_QUERIES_MAX,
  SimilarQueriesQuerySchema,
  SimilarQueryListSchema,
} from '@campus/contract';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { answerList, arrayAnswer, type ListAnswer, type Listed } from '../../lib/lists';
import { assertOwnRollNo } from '../../plugins/access';
import type { App } from '../../types';
import { isCachedValue, shareValue } from '../../db/read-cache';
import { TAGS, type RouteContext } from './route-context';
import type { Reader } from './rows';

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

export function boardRoutes(app: App, { queries, readerOf, auditReveal }: RouteContext): void {
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

  const boardRoute = (url: string, solved: boolean, which: 'Unsolved' | 'Solved') =>
    app.get(
      url,
      {
        config: { access: CAMPUS_ROLES },
        schema: {
          tags: TAGS,
          summary: `${which} queries, newest first unless sorted; \`group\` keeps one group's, \`mine=true\` the signed-in teacher's mentees'; \`search\` finds words in topic, tags and description, best match first; \`tag\` keeps one tag's. Every query without \`limit\`, else a page; the count in X-Total-Count`,
          querystring: QueryBoardQuerySchema,
          response: { 200: QueriesResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await board(solved, readerOf(request), request.query, request.dataVersion);
        await auditReveal(request, answer.body.queries);
        return answerList(reply, answer);
      },
    );
  boardRoute('/api/queries-without-solution', false, 'Unsolved');
  boardRoute('/api/queries-with-solution', true, 'Solved');

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
}

export function collectionRoutes(app: App, { queries, readerOf, auditReveal }: RouteContext): void {
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
}
