/** The routes that change the board: ask, answer, like, hide. */
import {
  ErrorSchema,
  LikeResponseSchema,
  OWN_QUERY_LIKE_MESSAGE,
  QueryHiddenRequestSchema,
  QueryIdParamsSchema,
  QUERY_SUBMITTED_MESSAGE,
  QuerySchema,
  CAMPUS_ROLES,
  type Query,
  SubmitQueryRequestSchema,
  SubmitQueryResponseSchema,
  UpdateSolutionRequestSchema,
} from '@campus/contract';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { alongside } from '../../plugins/settle-writes';
import { countedWrite } from '../../plugins/write-limits';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import { entriesWithWrite } from '../audit/entries';
import { TAGS, type RouteContext } from './route-context';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export function askRoute(app: App, { queries, cardOf, notify, readerOf }: RouteContext): void {
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
}

export function answerRoutes(app: App, { queries, notify, auditReveal }: RouteContext): void {
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
}
