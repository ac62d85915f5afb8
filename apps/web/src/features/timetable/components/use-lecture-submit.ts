/**
 * Submitting a lecture's roster: online, the call with a toast in the server's words, naming any
 * student the server kept On leave; without a signal (or behind marks still waiting, or when the
 * send never reached the server) the marks wait on the device in order (decision record 0087).
 */
import type { Lecture, LectureMarkAnswer, LectureRosterRow } from '@campus/contract';
import { keepOnDevice, keptOnLeaveWho, sendFailed } from '../../../components/roster-send';
import { showOutcome } from '../../../components/toast';
import { useRosterWords } from '../../../i18n/roster';
import { queueMarks, type QueuedLecture } from '../../../pwa/mark-queue';
import type { useMarkLecture } from '../api';
import type { LectureCounts, RowMarks, Submission } from '../use-lecture-marks';
import { countsText } from './lecture-bar';

type T = ReturnType<typeof useRosterWords>['t'];

/** "Kept On leave: Dev Shah (230002), out on a gate pass." */
function keptOnLeaveLine(
  t: T,
  kept: LectureMarkAnswer['keptOnLeave'],
  students: readonly LectureRosterRow[],
): string | null {
  const who = keptOnLeaveWho(kept, students, ({ reason }) => reason);
  return who === null ? null : t('lecture.keptOnLeave', { who });
}

/** Sends `records` (checked, without problems) of the lecture called `what`. */
export function useLectureSubmit({
  lecture,
  what,
  students,
  saved,
  queued,
  markLecture,
  clear,
}: {
  lecture: Lecture;
  what: string;
  students: readonly LectureRosterRow[];
  /** The marks the teacher sees as recorded: the server's, with those waiting on the device over them. */
  saved: RowMarks;
  queued: readonly QueuedLecture[];
  markLecture: ReturnType<typeof useMarkLecture>;
  clear: () => void;
}) {
  const { t } = useRosterWords();
  return (records: Submission['records'], counts: LectureCounts) => {
    const keep = () =>
      keepOnDevice(
        t,
        { what, count: records.length, clear },
        queueMarks({
          periodId: lecture._id,
          date: lecture.date,
          label: what,
          records: records.map((r) => ({ ...r, was: saved.get(r.studentId)?.status ?? null })),
        }),
      );
    if (!navigator.onLine || queued.length > 0) {
      keep();
      return;
    }
    markLecture.mutate(
      { periodId: lecture._id, date: lecture.date, records },
      {
        onSuccess: (answer) => {
          clear();
          const kept = keptOnLeaveLine(t, answer.keptOnLeave, students);
          showOutcome({
            ok: true,
            title: answer.message,
            message: `${what}: ${countsText(t, counts)}.${kept ? `\n${kept}` : ''}`,
            persist: kept !== null,
          });
        },
        onError: (error) => sendFailed(t, error, { keep, notMarked: t('lecture.notMarked', { what }) }),
      },
    );
  };
}
