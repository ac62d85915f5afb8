/**
 * Day marks made offline and sent later carry the mark the teacher saw (`was`): a student whose day
 * now holds another mark, neither the one seen nor the one sent, was marked meanwhile by someone
 * else. Decision record 0087.
 */
import type { DayMarkConflict, MarkAttendanceData } from '@campus/contract';
import type { Db } from '../../db/index';

type Conflicts = DayMarkConflict['conflicts'];

/**
 * The conflicts of a mark's records; none (and nothing read) when no record carries `was`, as the
 * spec's client sends it. A repeat of the same marks (an answer lost on the way back) is no conflict.
 */
export async function dayConflictsOf(
  db: Db,
  date: string,
  records: MarkAttendanceData['attendanceRecords'],
): Promise<Conflicts> {
  const checked = records.filter((r) => r.was !== undefined);
  if (checked.length === 0) return [];
  const held = new Map(
    (
      await db
        .selectFrom('attendance')
        .select(['roll_no', 'status', 'marked_at'])
        .where('date', '=', date)
        .where(
          'roll_no',
          'in',
          checked.map((r) => r.studentId),
        )
        .execute()
    ).map((m) => [m.roll_no, m]),
  );
  return checked.flatMap((r) => {
    const now = held.get(r.studentId);
    const theirs = now?.status ?? null;
    if (theirs === (r.was ?? null) || theirs === r.status) return [];
    return [
      {
        studentId: r.studentId,
        was: r.was ?? null,
        theirs,
        markedAt: now?.marked_at ?? null,
        yours: r.status,
      },
    ];
  });
}

function listed(rollNos: number[]): string {
  const shown = rollNos.slice(0, 10).join(', ');
  return rollNos.length > 10 ? `${shown} and ${rollNos.length - 10} more` : shown;
}

/** The 409 answer's body: who was marked meanwhile, and that nothing was saved. */
export function dayConflictAnswer(conflicts: Conflicts): DayMarkConflict {
  return {
    message: `Marked meanwhile by someone else: ${listed(conflicts.map((c) => c.studentId))}; nothing was marked`,
    conflicts,
  };
}
