import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorSchema } from '@campus/contract';
import type { Feature } from '../deps';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });
const Counts = z.object({ hits: z.number(), misses: z.number() });
const CacheStatsSchema = z.object({ sessions: Counts, answers: Counts, entries: z.number() });
const errors = { 401: ErrorSchema, 403: ErrorSchema };

export const healthRoutes: Feature = async (app, { db, dialect, cache }) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthSchema } } },
    async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const, database: dialect };
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
