import { z } from 'zod';
import { CountSchema } from './common.js';

/**
 * The admin Statistics cards of SPEC §2 and the count call behind each (SPEC §7). Every call answers
 * `{ count }` (`StatCountSchema`); `notices` counts mentor notices, events and general notices together.
 */
export const STATS = [
  { key: 'students', label: 'Total Students', path: '/api/students/count' },
  { key: 'teachers', label: 'Total Teachers', path: '/api/teachers/count' },
  { key: 'support', label: 'Total Support', path: '/api/support/count' },
  { key: 'queries', label: 'Total Queries', path: '/api/queries/count' },
  { key: 'notices', label: 'Total Notices', path: '/api/notices/count' },
  /** Students out past their gate pass's return time (issue 22). */
  { key: 'overdue', label: 'Overdue Returns', path: '/api/gate/overdue/count' },
] as const;
export type StatKey = (typeof STATS)[number]['key'];

/** The answer of every count call. */
export const StatCountSchema = CountSchema;
export type StatCount = z.infer<typeof StatCountSchema>;

/** How many days of activity the admin's dashboard charts, and how many weeks of attendance. */
export const OVERVIEW_ACTIVITY_DAYS = 14;
export const OVERVIEW_ATTENDANCE_WEEKS = 8;
/** How many names of groups a dashboard line lists before "and N more". */
export const OVERVIEW_NAMED_GROUPS = 5;

const GroupsNeedingSchema = z.object({ count: z.number(), names: z.array(z.string()) });

/**
 * `GET /api/admin/overview` (admins): what needs the admin now, each with what to open, and the
 * campus's recent activity for the charts.
 */
export const AdminOverviewSchema = z.object({
  /** The day the overview is of (`YYYY-MM-DD`). */
  today: z.string(),
  attention: z.object({
    /** Support messages of the last 7 days. */
    recentSupport: z.number(),
    groupsWithoutMentor: GroupsNeedingSchema,
    /** Groups with students and no attendance marked today. */
    groupsNotMarkedToday: GroupsNeedingSchema,
    /** Students with marked days whose attendance is below ATTENDANCE_WARNING_PERCENT. */
    studentsBelowMinimum: z.number(),
    /** Pending gate passes whose day has passed. */
    stalePendingGatePasses: z.number(),
    /** Imports applied in the last 7 days. */
    recentImports: z.number(),
  }),
  /** One entry per day, oldest first: gate passes applied for and questions asked. */
  activity: z.array(z.object({ date: z.string(), gatePasses: z.number(), queries: z.number() })),
  /** One entry per week (its Monday), oldest first: the campus's attendance; null for a week with none marked. */
  attendanceByWeek: z.array(z.object({ week: z.string(), percentage: z.number().nullable() })),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
