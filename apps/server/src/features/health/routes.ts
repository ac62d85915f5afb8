import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorSchema } from '@campus/contract';
import type { Feature } from '../deps';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
const Counts = z.object({ hits: z.number(), misses: z.number() });
const CacheStatsSchema = z.object({ sessions: Counts, answers: Counts, entries: z.number() });
const errors = { 401: ErrorSchema, 403: ErrorSchema };
const ReadySchema = z.object({
  status: z.enum(['ready', 'draining', 'database unreachable']),
  message: z.string(),
});
/** How long the readiness check waits for the database before calling it unreachable. */
const DATABASE_CHECK_MS = 2000;

/** Whether `select 1` answers within DATABASE_CHECK_MS. */
async function databaseAnswers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: Feature = async (app, { db, dialect, cache, lifecycle }) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthSchema } } },
    async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const, database: dialect };
    },
  );

  app.get(
    '/api/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process answers (liveness): restart it when this fails',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Whether to send this instance requests (readiness): 503 while it drains before stopping or cannot reach its database. It listens only once its migrations have run.',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      if (lifecycle.draining) {
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({
            status: 'draining' as const,
            message: 'This instance is stopping: send requests elsewhere',
          });
      }
      if (!(await databaseAnswers(() => sql`select 1`.execute(db)))) {
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({
            status: 'database unreachable' as const,
            message: 'This instance cannot reach its database',
          });
      }
      return { status: 'ready' as const, message: 'Ready' };
    },
  );

  app.get(
    '/api/health/cache',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['health'],
        summary:
          'How often this instance answered from memory since it started: sessions apart from other reads, and the entries it holds',
        response: { 200: CacheStatsSchema, ...errors },
      },
    },
    () => cache.stats(),
  );
};
