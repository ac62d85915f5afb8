/**
 * Submitting a day roster: online, the §7 call with its toast; without a signal (or behind marks of
 * the same day still waiting, or when the send never reached the server) the changed marks wait on
 * the device, each with the mark the teacher saw (decision record 0087).
 */
import { useNavigate } from 'react-router';
import {
  ON_LEAVE_STATUS,
  PATHS,
  type AttendanceStatus,
  type MarkAttendanceResponse,
  type RosterStudent,
} from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { useRosterWords } from '../../../i18n/roster';
import { NetworkError } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { formatDay } from '../../../lib/format';
import { queueDayMarks, syncMarks, type QueuedDay } from '../../../pwa/mark-queue';
import { waitingText } from '../../../pwa/queued-marks';
import type { useMarkAttendance } from '../api';
import type { Marks } from '../use-roster-marks';

type T = ReturnType<typeof useRosterWords>['t'];

/** The attendance report of one group on one day: where a day's marks are seen beside each other. */
function reportOf(group: string, date: string): string {
  return `${PATHS.teacher.attendanceReport}?${new URLSearchParams({ group, from: date, to: date }).toString()}`;
}

/**
 * The students the server kept On leave though the roster marked them (their leave or pass was
 * approved while the roster was open), with why: "Kept On leave: Dev Shah (230002), approved leave."
 */
function keptOnLeaveLine(
  t: T,
  kept: MarkAttendanceResponse['keptOnLeave'],
  students: readonly RosterStudent[],
): string | null {
  if (!kept || kept.length === 0) return null;
  const nameOf = new Map(students.map((s) => [s.RollNo, s.name]));
  const who = kept.map(({ studentId, source }) => {
    const name = nameOf.get(studentId);
    return `${name ? `${name} (${studentId})` : studentId}, ${t(`leaveSource.${source}`)}`;
  });
  return t('day.keptOnLeave', { who: who.join('; ') });
}

export interface DayCounts {
  present: number;
  absent: number;
  onLeave: number;
}

export function useDaySubmit({
  group,
  date,
  students,
  savedMarks,
  overrides,
  queued,
  mark,
  clear,
}: {
  group: string;
  date: string;
  students: readonly RosterStudent[];
  /** The marks the teacher sees as recorded: the server's, with those waiting on the device over them. */
  savedMarks: Marks;
  overrides: ReadonlySet<number>;
  queued: readonly QueuedDay[];
  mark: ReturnType<typeof useMarkAttendance>;
  clear: () => void;
}) {
  const { t } = useRosterWords();
  const navigate = useNavigate();
  const what = t('day.label', { group, day: formatDay(date) });
  /** Keeps the changes on the device, each with the mark the teacher saw. */
  const keepOnDevice = (sending: ReadonlyMap<number, AttendanceStatus>) =>
    void queueDayMarks({
      group,
      date,
      label: what,
      records: [...sending].map(([studentId, status]) => ({
        studentId,
        status,
        was: savedMarks.get(studentId) ?? null,
        ...(overrides.has(studentId) && status !== ON_LEAVE_STATUS ? { overrideLeave: true } : {}),
      })),
    }).then(
      () => {
        clear();
        showOutcome({
          ok: true,
          title: t('queue.keptTitle'),
          message: t('queue.keptMessage', { what, waiting: waitingText(t, sending.size) }),
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

  return (changes: ReadonlyMap<number, AttendanceStatus>, { present, absent, onLeave }: DayCounts) => {
    if (changes.size === 0 || mark.isPending) return;
    if (!navigator.onLine || queued.length > 0) {
      keepOnDevice(changes);
      return;
    }
    const counts = `${t('bar.counts', { present, absent })}${onLeave > 0 ? t('bar.onLeave', { count: onLeave }) : ''}`;
    mark.mutate(
      { group, date, marks: changes, overrides },
      {
        onSuccess: (response) => {
          clear();
          const kept = keptOnLeaveLine(t, response.keptOnLeave, students);
          showOutcome({
            ok: true,
            title: t('said.marked'),
            message: `${t('day.outcome', { group, day: formatDay(date), counts })}${kept ? `\n${kept}` : ''}`,
            action: { label: t('day.view'), onClick: () => void navigate(reportOf(group, date)) },
            persist: kept !== null,
          });
        },
        // The signal dropped on the way: the marks wait on the device. Otherwise they stay on
        // screen for another try.
        onError: (error) =>
          error instanceof NetworkError
            ? keepOnDevice(changes)
            : showOutcome({
                ok: false,
                title: t('said.markFailed'),
                message: `${t('day.notMarkedDetail', { group, day: formatDay(date) })}\n${failureDetail(error)}`,
              }),
      },
    );
  };
}
