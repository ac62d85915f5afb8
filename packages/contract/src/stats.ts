import type { z } from 'zod';
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
