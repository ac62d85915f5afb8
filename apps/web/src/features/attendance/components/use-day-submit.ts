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
import { keepOnDevice, keptOnLeaveWho, sendFailed } from '../../../components/roster-send';
import { showOutcome } from '../../../components/toast';
import { useRosterWords } from '../../../i18n/roster';
import { formatDay } from '../../../lib/format';
import { queueDayMarks, type QueuedDay } from '../../../pwa/mark-queue';
import type { useMarkAttendance } from '../api';
import type { Marks } from '../use-roster-marks';

type T = ReturnType<typeof useRosterWords>['t'];

/** The attendance report of one group on one day: where a day's marks are seen beside each other. */
function reportOf(group: string, date: string): string {
  return `${PATHS.teacher.attendanceReport}?${new URLSearchParams({ group, from: date, to: date }).toString()}`;
}

/** "Kept On leave: Dev Shah (230002), approved leave." */
function keptOnLeaveLine(
  t: T,
  kept: MarkAttendanceResponse['keptOnLeave'],
  students: readonly RosterStudent[],
): string | null {
  const who = keptOnLeaveWho(kept, students, ({ source }) => t(`leaveSource.${source}`));
  return who === null ? null : t('day.keptOnLeave', { who });
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
  const keep = (sending: ReadonlyMap<number, AttendanceStatus>) =>
    keepOnDevice(
      t,
      { what, count: sending.size, clear },
      queueDayMarks({
        group,
        date,
        label: what,
        records: [...sending].map(([studentId, status]) => ({
          studentId,
          status,
          was: savedMarks.get(studentId) ?? null,
          ...(overrides.has(studentId) && status !== ON_LEAVE_STATUS ? { overrideLeave: true } : {}),
        })),
      }),
    );

  return (changes: ReadonlyMap<number, AttendanceStatus>, { present, absent, onLeave }: DayCounts) => {
    if (changes.size === 0 || mark.isPending) return;
    if (!navigator.onLine || queued.length > 0) {
      keep(changes);
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
        onError: (error) =>
          sendFailed(t, error, {
            keep: () => keep(changes),
            notMarked: t('day.notMarkedDetail', { group, day: formatDay(date) }),
          }),
      },
    );
  };
}
