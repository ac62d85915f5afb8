import { sql } from 'kysely';
import { z } from 'zod';
import type { Feature } from '../deps';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

export const healthRoutes: Feature = async (app, { db, dialect }) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthSchema } } },
    async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const, database: dialect };
    },
  );
};
