/**
 * Who is On leave on a day is asked of approved leave whose last day is that day or later: an index
 * on (status, to_date) reads just those, current and future leave, however many years of leave the
 * campus keeps. The index on status alone read every approved leave ever given, and the per-student
 * index a lookup per student; a mark asks it of its whole roster at once (attendance/repository.ts,
 * `beforeMark`), and a group's roster of one group (leave/repository.ts, `onLeave`).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('leave_approved_until_idx')
    .on('leave_applications')
    .columns(['status', 'to_date'])
    .execute();
}
