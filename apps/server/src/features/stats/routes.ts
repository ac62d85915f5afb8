/** The admin Statistics cards: one count per call (paths from the contract's STATS), admins only. */
import {
  AdminOverviewSchema,
  ErrorSchema,
  OVERVIEW_ACTIVITY_DAYS,
  OVERVIEW_ATTENDANCE_WEEKS,
  OVERVIEW_NAMED_GROUPS,
  STATS,
  StatCountSchema,
  addDays,
  campusToday,
  instantAt,
  type AdminOverview,
  type StatKey,
} from '@campus/contract';
import type { Feature } from '../deps';
import { gateRepository } from '../gate/repository';
import { pastPassCloser } from '../gatepasses/closing';
import { mondayOf, overviewRepository, statsRepository } from './repository';

const DAY_MS = 86_400_000;
const named = (names: string[]) => ({ count: names.length, names: names.slice(0, OVERVIEW_NAMED_GROUPS) });

const ADMINS = ['admin'] as const;

export const statsRoutes: Feature = async (app, { db, dialect, now, clock }) => {
  const zone = () => clock.zone();
  const stats = statsRepository(db);
  const closeDue = pastPassCloser(db, dialect, now, zone);
  const overview = overviewRepository(db);
  const gate = gateRepository(db, now, zone);
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

  app.get(
    '/api/admin/overview',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['stats'],
        summary: 'What needs the admin now, and the campus’s recent activity (the dashboard)',
        response: { 200: AdminOverviewSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (): Promise<AdminOverview> => {
      const at = now();
      const campusZone = await zone();
      const today = campusToday(at, campusZone);
      // Passes whose day passed undecided close first, so the count agrees with the work lists.
      await closeDue(today);
      const weekAgo = new Date(at - 7 * DAY_MS).toISOString();
      const days = Array.from({ length: OVERVIEW_ACTIVITY_DAYS }, (_, i) =>
        addDays(today, i + 1 - OVERVIEW_ACTIVITY_DAYS),
      );
      // Each day's rows, from its midnight on the campus's clock to the next.
      const bounds = [...days, addDays(today, 1)].map((day) =>
        new Date(instantAt(day, '00:00', campusZone)).toISOString(),
      );
      const firstWeek = mondayOf(addDays(today, -(OVERVIEW_ATTENDANCE_WEEKS - 1) * 7));
      const [support, unmentored, marking, below, stale, imports, passes, queries, attendance] =
        await Promise.all([
          overview.recentSupport(weekAgo),
          overview.groupsWithoutMentor(),
          overview.groupsMarkedOn(today),
          overview.studentsBelowMinimum(),
          overview.stalePendingGatePasses(today),
          overview.recentImports(weekAgo),
          overview.perSpan('gate_passes', bounds),
          overview.perSpan('queries', bounds),
          overview.attendanceByDay(firstWeek),
        ]);
      const activity = days.map((date, i) => ({ date, gatePasses: passes[i]!, queries: queries[i]! }));
      const weeks = new Map<string, { present: number; total: number }>();
      for (let i = 0; i < OVERVIEW_ATTENDANCE_WEEKS; i++) {
        weeks.set(addDays(firstWeek, i * 7), { present: 0, total: 0 });
      }
      for (const day of attendance) {
        const week = weeks.get(mondayOf(day.date));
        if (week) {
          week.present += day.present;
          week.total += day.total;
        }
      }
      return {
        today,
        attention: {
          recentSupport: support,
          groupsWithoutMentor: named(unmentored),
          groupsNotMarkedToday: named(marking.all.filter((group) => !marking.marked.has(group))),
          studentsBelowMinimum: below,
          stalePendingGatePasses: stale,
          recentImports: imports,
        },
        activity,
        attendanceByWeek: [...weeks].map(([week, { present, total }]) => ({
          week,
          percentage: total === 0 ? null : Math.round((present / total) * 1000) / 10,
        })),
      };
    },
  );
};
