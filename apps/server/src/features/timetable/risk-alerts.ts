/**
 * After a lecture's marks: each marked student whose standing in the course worsened is told once,
 * by a notification (mailed as their mail settings say) and their guardian as the campus's guardian
 * setting says: when the course first falls below its rule, and when the rule can no longer be reached.
 */
import { type CourseState, type TermSettings } from '@campus/contract';
import type { Db } from '../../db/index';
import type { TimetableRepository } from './repository';
import { groupRisks } from './standing';

export interface RiskAlert {
  rollNo: number;
  state: Exclude<CourseState, 'ok'>;
  text: string;
}

const WORSE: Record<CourseState, number> = { ok: 0, 'at-risk': 1, unreachable: 2 };

/** Records each marked student's new state in the course and answers who got worse. */
export async function riskChanges(
  db: Db,
  timetable: TimetableRepository,
  lecture: { group: string; course: string },
  rollNos: readonly number[],
  term: TermSettings,
  now: number,
): Promise<RiskAlert[]> {
  if (rollNos.length === 0) return [];
  const marked = new Set(rollNos);
  const rows = await groupRisks(db, timetable, [lecture.group], term, now, {
    course: lecture.course,
    rollNos: [...marked],
  });
  const before = new Map(
    (
      await db
        .selectFrom('course_totals')
        .select(['roll_no', 'state'])
        .where('course_code', '=', lecture.course)
        .where('roll_no', 'in', [...marked])
        .execute()
    ).map((r) => [r.roll_no, r.state]),
  );
  const alerts: RiskAlert[] = [];
  for (const row of rows) {
    const was = before.get(row.RollNo) ?? 'ok';
    if (was === row.state) continue;
    // Only the request that moves the state first tells anyone of it.
    const moved = await db
      .updateTable('course_totals')
      .set({ state: row.state })
      .where('roll_no', '=', row.RollNo)
      .where('course_code', '=', lecture.course)
      .where('state', '=', was)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1 && WORSE[row.state] > WORSE[was] && row.state !== 'ok') {
      const head =
        row.state === 'unreachable'
          ? `${row.courseName}: ${row.forecast}.`
          : `${row.courseName} attendance is ${row.percent} %, below ${row.minPercent} %. ${row.forecast}.`;
      alerts.push({ rollNo: row.RollNo, state: row.state, text: head });
    }
  }
  return alerts;
}
