/**
 * Sending a roster's marks, a day's or a lecture's: what both say when marks wait on the device, when
 * a send fails, and whom the server kept On leave (decision record 0087).
 */
import type { useRosterWords } from '../i18n/roster';
import { NetworkError } from '../lib/api-client';
import { failureDetail } from '../lib/failure';
import { syncMarks } from '../pwa/mark-queue';
import type { NamedStudent } from '../pwa/queued-marks';
import { waitingText } from '../pwa/queued-marks-text';
import { showOutcome } from './toast';

type T = ReturnType<typeof useRosterWords>['t'];

/**
 * Once `queueing` has kept `count` marks of `what` on the device: the screen's edits cleared, the
 * teacher told, and the marks sent at once if the signal is back. If they could not be kept, they
 * stay on screen and the toast says why.
 */
export function keepOnDevice(
  t: T,
  { what, count, clear }: { what: string; count: number; clear: () => void },
  queueing: Promise<unknown>,
): void {
  void queueing.then(
    () => {
      clear();
      showOutcome({
        ok: true,
        title: t('queue.keptTitle'),
        message: t('queue.keptMessage', { what, waiting: waitingText(t, count) }),
      });
      if (navigator.onLine) void syncMarks().catch(() => undefined);
    },
    (error: unknown) =>
      showOutcome({
        ok: false,
        title: t('said.markFailed'),
        message: `${t('queue.notKept', { what })}\n${failureDetail(error)}`,
      }),
  );
}

/**
 * A send that failed: when the signal dropped on the way, the marks wait on the device (`keep`).
 * Otherwise they stay on screen for another try, and the toast says what was not marked and why.
 */
export function sendFailed(
  t: T,
  error: unknown,
  { keep, notMarked }: { keep: () => void; notMarked: string },
) {
  if (error instanceof NetworkError) keep();
  else
    showOutcome({ ok: false, title: t('said.markFailed'), message: `${notMarked}\n${failureDetail(error)}` });
}

/**
 * The students the server kept On leave though the roster marked them (their leave or pass was
 * approved while the roster was open), each with `why`: "Dev Shah (230002), approved leave".
 * Null when there are none.
 */
export function keptOnLeaveWho<K extends { studentId: number }>(
  kept: readonly K[] | undefined,
  students: readonly NamedStudent[],
  why: (student: K) => string,
): string | null {
  if (!kept || kept.length === 0) return null;
  const nameOf = new Map(students.map((s) => [s.RollNo, s.name]));
  return kept
    .map((student) => {
      const name = nameOf.get(student.studentId);
      return `${name ? `${name} (${student.studentId})` : student.studentId}, ${why(student)}`;
    })
    .join('; ');
}
