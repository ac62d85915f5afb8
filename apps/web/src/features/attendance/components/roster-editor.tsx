/**
 * The roster of one group on one day: its marks on screen, tools, rows and the bar. Marks made
 * without a signal (or while earlier ones of the day still wait, or when the send never reached the
 * server) wait on the device with the mark each student had (`was`), are shown over the server's,
 * and are sent when the network returns (decision record 0087).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState, type SyntheticEvent } from 'react';
import {
  ON_LEAVE_STATUS,
  type AttendanceStatus,
  type OnLeaveStudent,
  type RosterStudent,
} from '@campus/contract';
import { EmptyState } from '../../../components/page-states';
import { useRosterWords } from '../../../i18n/roster';
import { formatDay } from '../../../lib/format';
import { oneOf, useUrlSearch, type UrlState } from '../../../lib/url-state';
import type { QueuedDay } from '../../../pwa/mark-queue';
import { QueuedMarksNotice, useDayQueue } from '../../../pwa/queued-marks';
import { attendanceKeys, type useMarkAttendance } from '../api';
import { useRosterMarks, type Marks } from '../use-roster-marks';
import { AttendanceRoster } from './attendance-roster';
import { RosterBar } from './roster-bar';
import { RosterTools, SHOWS, type Show } from './roster-tools';
import { useDaySubmit } from './use-day-submit';

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
  away: ReadonlyMap<number, OnLeaveStudent['source']>;
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
  // Whom the roster shows (`?show=absent`) and the words looked for (`?q=`), as on any list.
  const { text: search, setText: setSearch } = useUrlSearch(url, 300);
  const show = oneOf(url.params.get('show'), SHOWS, 'all');
  const { change } = url;
  const setShow = useCallback((next: Show) => change({ show: next === 'all' ? null : next }), [change]);
  const query = useDeferredValue(search.trim().toLowerCase());
  // The students On leave whom the teacher deliberately chose to mark anyway, one by one.
  const [overrides, setOverrides] = useState<ReadonlySet<number>>(new Set());
  // Changes only with an override (a deliberate, rare act): taps keep every row as it was.
  const locked = useCallback(
    (rollNo: number) => away.has(rollNo) && !overrides.has(rollNo),
    [away, overrides],
  );
  // A student On leave takes no Present / Absent until overridden.
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
  const markAll = useCallback(
    () => markMany(students.filter((s) => !locked(s.RollNo)).map((s) => [s.RollNo, 'Present'] as const)),
    [markMany, students, locked],
  );
  const statusOf = (rollNo: number): AttendanceStatus | undefined =>
    edits.get(rollNo) ?? savedMarks.get(rollNo) ?? (away.has(rollNo) ? ON_LEAVE_STATUS : undefined);
  let present = 0;
  let absent = 0;
  let onLeave = 0;
  for (const s of students) {
    const status = statusOf(s.RollNo);
    if (status === 'Present') present++;
    else if (status === 'Absent') absent++;
    else if (status === ON_LEAVE_STATUS) onLeave++;
  }
  const recorded = students.filter((s) => savedMarks.has(s.RollNo)).length;
  // Only what differs from the record is sent: marking all present on a marked day changes nothing.
  // A student On leave and not yet recorded is sent as On leave.
  const changes = new Map<number, AttendanceStatus>(
    [...edits].filter(([rollNo, status]) => savedMarks.get(rollNo) !== status),
  );
  for (const rollNo of away.keys()) {
    if (!savedMarks.has(rollNo) && !edits.has(rollNo) && students.some((s) => s.RollNo === rollNo)) {
      changes.set(rollNo, ON_LEAVE_STATUS);
    }
  }
  const shown = students.filter((s) => {
    const status = statusOf(s.RollNo);
    if (show === 'absent' && status !== 'Absent') return false;
    if (show === 'unmarked' && status !== undefined) return false;
    return !query || s.name.toLowerCase().includes(query) || String(s.RollNo).startsWith(query);
  });
  const submit = useDaySubmit({ group, date, students, savedMarks, overrides, queued, mark, clear });
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    submit(changes, { present, absent, onLeave });
  };
  const day = date === today ? t('day.todayIs') : t('day.dayIs', { day: formatDay(date) });
  const note =
    queued.length > 0 && changes.size === 0
      ? t('queue.shownUntilSent')
      : changes.size === 0 && !mark.isSuccess
        ? submitHint(t, day, recorded, students.length)
        : recorded > 0 && t('day.corrections');

  return (
    // Capped on wide screens so the names, the choices and Submit stay close together. Plain
    // elements around the roster: a tap renders this part again, and Mantine's layout components
    // would resolve their theme props on every tap.
    <form onSubmit={onSubmit} className="roster-form" lang={lang}>
      <div className="roster-stack">
        {queued.length > 0 && <QueuedMarksNotice entries={queued} students={students} />}
        <RosterTools
          search={search}
          onSearch={setSearch}
          show={show}
          onShow={setShow}
          onMarkAll={markAll}
          pending={mark.isPending}
        />
        <p className="roster-note">{note}</p>
        <p id="roster-keys" className="roster-note roster-keys">
          {t('day.keys')}
        </p>
        {shown.length > 0 ? (
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
        ) : (
          <EmptyState hint={t('day.clearSearch')}>{t('said.noStudents')}</EmptyState>
        )}
        <RosterBar
          present={present}
          absent={absent}
          onLeave={onLeave}
          unmarked={students.length - present - absent - onLeave}
          changes={changes.size}
          pending={mark.isPending}
        />
      </div>
    </form>
  );
}
