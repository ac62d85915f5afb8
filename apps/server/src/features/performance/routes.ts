/** One student's marks card and the staff table of everyone's performance. */
import {
  ErrorSchema,
  PerformanceResponseSchema,
  RollNoParamsSchema,
  StudentsPerformanceQuerySchema,
  StudentsPerformanceResponseSchema,
} from '@campus/contract';
import { notFound } from '../../lib/errors';
import { answerList, arrayAnswer, keepsInMemory } from '../../lib/lists';
import { assertOwnRollNo } from '../../plugins/access';
import type { App } from '../../types';
import type { Feature } from '../deps';
import { performanceRepository } from './repository';
import { performanceKeys } from './cache-keys';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const performanceRoutes: Feature = async (app: App, { db, dialect, cache }) => {
  const repo = performanceRepository(db, dialect);

  app.get(
    '/api/performance/:rollNo',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: ['performance'],
        summary: "A student's performance as a one-element array, empty when there is no record",
        params: RollNoParamsSchema,
        response: { 200: PerformanceResponseSchema, ...errors, 404: ErrorSchema },
      },
    },
    (request) => {
      const { rollNo } = request.params;
      assertOwnRollNo(request, rollNo);
      const load = async () => {
        const record = await repo.forStudent(rollNo);
        if (record) return [record];
        if (!(await repo.studentExists(rollNo))) throw notFound(`No student with roll number ${rollNo}`);
        return [];
      };
      return cache.read(performanceKeys.student(rollNo), load, request.dataVersion);
    },
  );

  app.get(
    '/api/students-performance',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: ['performance'],
        summary: "All students' performance by roll number; search by name or roll number",
        querystring: StudentsPerformanceQuerySchema,
        response: { 200: StudentsPerformanceResponseSchema, ...errors },
      },
    },
    ({ query, dataVersion }, reply) => {
      const load = async () => arrayAnswer(await repo.list(query));
      return answerList(
        reply,
        keepsInMemory(query) ? cache.read(performanceKeys.list(query), load, dataVersion) : load(),
      );
    },
  );
};
