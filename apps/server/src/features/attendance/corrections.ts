/**
 * Corrections: a mark that replaces another status already recorded for the student on that day.
 * Read before the marks are written, so the answer (and the audit log) can say what each was.
 */
import type { AttendanceCorrection, AttendanceStatus } from '@campus/contract';
import type { Db } from '../../db/index';

/** The statuses already recorded on `date` for these students, by roll number. */
export async function recordedStatuses(
  db: Db,
  date: string,
  rollNos: readonly number[],
): Promise<Map<number, AttendanceStatus>> {
  if (rollNos.length === 0) return new Map();
  const rows = await db
    .selectFrom('attendance')
    .select(['roll_no', 'status'])
    .where('date', '=', date)
    .where('roll_no', 'in', rollNos)
    .execute();
  return new Map(rows.map((r) => [r.roll_no, r.status]));
}

/** The marks that change a status recorded before, in the order the request gave them. */
export function correctionsOf(
  recorded: ReadonlyMap<number, AttendanceStatus>,
  marks: readonly { rollNo: number; status: AttendanceStatus }[],
): AttendanceCorrection[] {
  return marks.flatMap(({ rollNo, status }) => {
    const from = recorded.get(rollNo);
    return from !== undefined && from !== status ? [{ studentId: rollNo, from, to: status }] : [];
  });
}
