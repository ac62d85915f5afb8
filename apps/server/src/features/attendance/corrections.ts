/**
 * Corrections: a mark that replaces another status already recorded for the student on that day.
 * Read before the marks are written (repository.ts, `beforeMark`), so the answer (and the audit log)
 * can say what each was.
 */
import type { AttendanceCorrection, AttendanceStatus } from '@campus/contract';

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
