/** The admin Statistics cards: one count per call (paths from the contract's STATS), admins only. */
import { ErrorSchema, STATS, StatCountSchema, type StatKey } from '@campus/contract';
import type { Feature } from '../deps';
import { gateRepository } from '../gate/repository';
import { statsRepository } from './repository';

const ADMINS = ['admin'] as const;

export const statsRoutes: Feature = async (app, { db, now }) => {
  const stats = statsRepository(db);
  const gate = gateRepository(db, now);
  const counters: Record<StatKey, () => Promise<number>> = {
    students: () => stats.count('students'),
    teachers: () => stats.count('teachers'),
    support: () => stats.count('support_messages'),
    queries: () => stats.count('queries'),
    notices: () => stats.countNotices(),
    overdue: () => gate.countOverdue(),
  };

  for (const { key, label, path } of STATS) {
    const count = counters[key];
    app.get(
      path,
      {
        config: { access: ADMINS },
        schema: {
          tags: ['stats'],
          summary: label,
          response: { 200: StatCountSchema, 401: ErrorSchema, 403: ErrorSchema },
        },
      },
      async () => ({ count: await count() }),
    );
  }
};
