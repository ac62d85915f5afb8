/**
 * The roster of one group on one day: its marks on screen, tools, rows and the bar. Marks made
 * without a signal (or while earlier ones of the day still wait, or when the send never reached the
 * server) wait on the device with the mark each student had (`was`), are shown over the server's,
 * and are sent when the network returns (decision record 0087).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type SyntheticEvent } from 'react';
import {
  ON_LEAVE_STATUS,
  type AttendanceStatus,
  type OnLeaveStudent,
  type RosterStudent,
} from '@campus/contract';
import { RosterForm, useRosterView } from '../../../components/roster-form';
import { useRosterWords } from '../../../i18n/roster';
import { formatDay } from '../../../lib/format';
import type { UrlState } from '../../../lib/url-state';
import type { QueuedDay } from '../../../pwa/mark-queue';
import { useDayQueue } from '../../../pwa/queued-marks';
import { attendanceKeys, type useMarkAttendance } from '../api';
import { useRosterMarks, type Marks } from '../use-roster-marks';
import { AttendanceRoster } from './attendance-roster';
import { RosterBar } from './roster-bar';
import { useDaySubmit, type DayCounts } from './use-day-submit';

type T = ReturnType<typeof useRosterWords>['t'];

/** Why Submit is disabled while nothing has changed: the day may already be partly or wholly recorded. */
function submitHint(t: T, day: string, recorded: number, total: number): string {
  if (recorded === 0) return t('day.hintNone');
  if (recorded === total) return t('day.hintAll', { day });
  return t('day.hintSome', { day, recorded, total });
}

/** The day's marks waiting on the device, over the server's: what the teacher left on screen. */
function withQueuedDay(saved: Marks, queued: readonly QueuedDay[]): Marks {
  if (queued.length === 0) return saved;
  const shown = new Map(saved);
  for (const entry of queued) for (const r of entry.records) shown.set(r.studentId, r.status);
  return shown;
}

type Away = ReadonlyMap<number, OnLeaveStudent['source']>;

/**
 * What Submit sends: only what differs from the record (marking all present on a marked day changes
 * nothing), and each student On leave not yet recorded as On leave.
 */
function changesOf(
  students: readonly RosterStudent[],
  edits: Marks,
  saved: Marks,
  away: Away,
): Map<number, AttendanceStatus> {
  const changes = new Map<number, AttendanceStatus>(
    [...edits].filter(([rollNo, status]) => saved.get(rollNo) !== status),
  );
  for (const rollNo of away.keys()) {
    if (!saved.has(rollNo) && !edits.has(rollNo) && students.some((s) => s.RollNo === rollNo)) {
      changes.set(rollNo, ON_LEAVE_STATUS);
    }
  }
  return changes;
}

function countsOf(
  students: readonly RosterStudent[],
  statusOf: (rollNo: number) => AttendanceStatus | undefined,
): DayCounts {
  const counts = { present: 0, absent: 0, onLeave: 0 };
  for (const s of students) {
    const status = statusOf(s.RollNo);
    if (status === 'Present') counts.present++;
    else if (status === 'Absent') counts.absent++;
    else if (status === ON_LEAVE_STATUS) counts.onLeave++;
  }
  return counts;
}

/**
 * The students On leave whom the teacher deliberately chose to mark anyway, one by one; the others
 * take no Present / Absent (`markUnlocked`), and turning an override off marks them On leave again.
 */
function useLeaveOverrides(away: Away, markOne: (rollNo: number, status: AttendanceStatus) => void) {
  const [overrides, setOverrides] = useState<ReadonlySet<number>>(new Set());
  // Changes only with an override (a deliberate, rare act): taps keep every row as it was.
  const locked = useCallback(
    (rollNo: number) => away.has(rollNo) && !overrides.has(rollNo),
    [away, overrides],
  );
  const markUnlocked = useCallback(
    (rollNo: number, status: AttendanceStatus) => {
      if (!locked(rollNo)) markOne(rollNo, status);
    },
    [locked, markOne],
  );
  const onOverride = useCallback(
    (rollNo: number, on: boolean) => {
      setOverrides((previous) => {
        const next = new Set(previous);
        if (on) next.add(rollNo);
        else next.delete(rollNo);
        return next;
      });
      if (!on) markOne(rollNo, ON_LEAVE_STATUS);
    },
    [markOne],
  );
  return { overrides, locked, markUnlocked, onOverride };
}

export function RosterEditor({
  url,
  group,
  date,
  today,
  students,
  saved: serverMarks,
  away,
  mark,
}: {
  url: UrlState;
  group: string;
  date: string;
  today: string;
  students: readonly RosterStudent[];
  saved: Marks;
  /** The students On leave that day (approved leave or gate pass): pre-marked On leave. */
  away: Away;
  mark: ReturnType<typeof useMarkAttendance>;
}) {
  const { t, lang } = useRosterWords();
  const queryClient = useQueryClient();
  const reread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: attendanceKeys.marks(group, date) }),
    [queryClient, group, date],
  );
  const queued = useDayQueue(group, date, reread);
  const savedMarks = useMemo(() => withQueuedDay(serverMarks, queued), [serverMarks, queued]);
  // Here, not in the page: a tap re-renders this part only, never the group and date pickers.
  const { edits, mark: markOne, markMany, clear } = useRosterMarks(group, date);
  const { overrides, locked, markUnlocked, onOverride } = useLeaveOverrides(away, markOne);
  const markAll = useCallback(
    () => markMany(students.filter((s) => !locked(s.RollNo)).map((s) => [s.RollNo, 'Present'] as const)),
    [markMany, students, locked],
  );
  const statusOf = (rollNo: number): AttendanceStatus | undefined =>
    edits.get(rollNo) ?? savedMarks.get(rollNo) ?? (away.has(rollNo) ? ON_LEAVE_STATUS : undefined);
  const counts = countsOf(students, statusOf);
  const recorded = students.filter((s) => savedMarks.has(s.RollNo)).length;
  const changes = changesOf(students, edits, savedMarks, away);
  const { view, shown } = useRosterView(url, students, statusOf);
  const submit = useDaySubmit({ group, date, students, savedMarks, overrides, queued, mark, clear });
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    submit(changes, counts);
  };
  const day = date === today ? t('day.todayIs') : t('day.dayIs', { day: formatDay(date) });
  const note =
    queued.length > 0 && changes.size === 0
      ? t('queue.shownUntilSent')
      : changes.size === 0 && !mark.isSuccess
        ? submitHint(t, day, recorded, students.length)
        : recorded > 0 && t('day.corrections');

  return (
    <RosterForm
      onSubmit={onSubmit}
      lang={lang}
      queued={queued}
      students={students}
      view={view}
      onMarkAll={markAll}
      pending={mark.isPending}
      note={note}
      keys={t('day.keys')}
      roster={
        shown.length > 0 ? (
          <AttendanceRoster
            group={group}
            students={shown}
            edits={edits}
            saved={savedMarks}
            onMark={markUnlocked}
            disabled={mark.isPending}
            away={away}
            overrides={overrides}
            onOverride={onOverride}
          />
        ) : null
      }
      bar={
        <RosterBar
          {...counts}
          unmarked={students.length - counts.present - counts.absent - counts.onLeave}
          changes={changes.size}
          pending={mark.isPending}
        />
      }
    />
  );
}
