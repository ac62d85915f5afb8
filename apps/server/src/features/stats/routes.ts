/** The admin Statistics cards: one count per call (paths from the contract's STATS), admins only. */
import {
  AdminOverviewSchema,
  ErrorSchema,
  OVERVIEW_ACTIVITY_DAYS,
  OVERVIEW_ATTENDANCE_WEEKS,
  OVERVIEW_NAMED_GROUPS,
  STATS,
  StatCountSchema,
  type AdminOverview,
  type StatKey,
} from '@campus/contract';
import type { Feature } from '../deps';
import { gateRepository } from '../gate/repository';
import { pastPassCloser } from '../gatepasses/closing';
import { dayOf, mondayOf, overviewRepository, statsRepository } from './repository';

const DAY_MS = 86_400_000;
const named = (names: string[]) => ({ count: names.length, names: names.slice(0, OVERVIEW_NAMED_GROUPS) });

const ADMINS = ['admin'] as const;

export const statsRoutes: Feature = async (app, { db, dialect, now }) => {
  const stats = statsRepository(db);
  const closeDue = pastPassCloser(db, dialect, now);
  const overview = overviewRepository(db);
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
      // Passes whose day passed undecided close first, so the count agrees with the work lists.
      await closeDue();
      const at = now();
      const today = dayOf(at);
      const weekAgo = new Date(at - 7 * DAY_MS).toISOString();
      const firstDay = dayOf(at - (OVERVIEW_ACTIVITY_DAYS - 1) * DAY_MS);
      const firstWeek = mondayOf(dayOf(at - (OVERVIEW_ATTENDANCE_WEEKS - 1) * 7 * DAY_MS));
      const [support, unmentored, marking, below, stale, imports, passes, queries, attendance] =
        await Promise.all([
          overview.recentSupport(weekAgo),
          overview.groupsWithoutMentor(),
          overview.groupsMarkedOn(today),
          overview.studentsBelowMinimum(),
          overview.stalePendingGatePasses(today),
          overview.recentImports(weekAgo),
          overview.perDay('gate_passes', `${firstDay}T00:00:00.000Z`),
          overview.perDay('queries', `${firstDay}T00:00:00.000Z`),
          overview.attendanceByDay(firstWeek),
        ]);
      const activity = Array.from({ length: OVERVIEW_ACTIVITY_DAYS }, (_, i) => {
        const date = dayOf(Date.parse(`${firstDay}T00:00:00Z`) + i * DAY_MS);
        return { date, gatePasses: passes.get(date) ?? 0, queries: queries.get(date) ?? 0 };
      });
      const weeks = new Map<string, { present: number; total: number }>();
      for (let i = 0; i < OVERVIEW_ATTENDANCE_WEEKS; i++) {
        weeks.set(dayOf(Date.parse(`${firstWeek}T00:00:00Z`) + i * 7 * DAY_MS), { present: 0, total: 0 });
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
