/**
 * Mark Attendance (SPEC §2, §4): opens on the first group the teacher mentors (another can be
 * chosen) and on today, or a past class day to correct; toggles its students locally, one tap a row,
 * with the counts and Submit in a bar that stays in view; submits the marks that change.
 */
import { Group, Select, Stack, Text } from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  EARLIEST_ATTENDANCE_DATE,
  LEAVE_SOURCE_WORDS,
  MESSAGES,
  ON_LEAVE_STATUS,
  PATHS,
  type AttendanceStatus,
  type MarkAttendanceResponse,
  type OnLeaveStudent,
  type RosterStudent,
} from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { useCurrentUser } from '../../../lib/current-user';
import { failureDetail } from '../../../lib/failure';
import { formatDay } from '../../../lib/format';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { localIsoDate } from '../../../lib/today';
import { oneOf, useUrlSearch, useUrlState, type UrlState } from '../../../lib/url-state';
import { useOnLeave } from '../../leave/api';
import { useAttendanceMarks, useGroups, useMarkAttendance, useRoster } from '../api';
import { AttendanceRoster } from '../components/attendance-roster';
import { RosterBar } from '../components/roster-bar';
import { RosterTools, SHOWS, type Show } from '../components/roster-tools';
import { useRosterMarks, type Marks } from '../use-roster-marks';
import { DayInput } from '../../../components/day-input';

const NO_MARKS: Marks = new Map();
const NO_LEAVE: ReadonlyMap<number, OnLeaveStudent['source']> = new Map();

/** Why the date cannot be marked, or null when it can: a past class day or today, never the future. */
function dateProblem(date: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Choose a date.';
  if (date > today) return 'Attendance cannot be marked for a future date.';
  if (date < EARLIEST_ATTENDANCE_DATE) return `Choose a date from ${formatDay(EARLIEST_ATTENDANCE_DATE)} on.`;
  return null;
}

/** The attendance report of one group on one day: where a day's marks are seen beside each other. */
function reportOf(group: string, date: string): string {
  return `${PATHS.teacher.attendanceReport}?${new URLSearchParams({ group, from: date, to: date }).toString()}`;
}

/**
 * The students the server kept On leave though the roster marked them (their leave or pass was
 * approved while the roster was open), with why: "Kept On leave: Dev Shah (230002), approved leave."
 */
function keptOnLeaveLine(
  kept: MarkAttendanceResponse['keptOnLeave'],
  students: readonly RosterStudent[],
): string | null {
  if (!kept || kept.length === 0) return null;
  const nameOf = new Map(students.map((s) => [s.RollNo, s.name]));
  const who = kept.map(({ studentId, source }) => {
    const name = nameOf.get(studentId);
    return `${name ? `${name} (${studentId})` : studentId}, ${LEAVE_SOURCE_WORDS[source]}`;
  });
  return `Kept On leave: ${who.join('; ')}.`;
}

/** Why Submit is disabled while nothing has changed: the day may already be partly or wholly recorded. */
function submitHint(day: string, recorded: number, total: number): string {
  if (recorded === 0) return 'Mark at least one student to submit.';
  if (recorded === total) return `${day} already recorded. Change a student's status to update it.`;
  return `${day} recorded for ${recorded} of ${total} students. Mark or change a status to submit.`;
}

export function TeacherAttendancePage() {
  const [today] = useState(localIsoDate);
  // The group, the day and the roster's search and filter live in the address.
  const url = useUrlState();
  const mentored = useMentoredGroups(useCurrentUser().teacherId);
  // The group in the address, else the teacher's own: most mark their own group first.
  const group = url.params.get('group') || mentored.data?.[0] || null;
  const findingOwnGroup = !url.params.get('group') && mentored.isLoading;
  const date = url.params.get('date') ?? today;
  const problem = dateProblem(date, today);

  const groups = useGroups();
  const roster = useRoster(group);
  const saved = useAttendanceMarks(problem ? null : group, date);
  const onLeave = useOnLeave(problem ? null : group, date);
  const mark = useMarkAttendance();
  const away = useMemo(
    () => (onLeave.data ? new Map(onLeave.data.map((s) => [s.studentId, s.source])) : NO_LEAVE),
    [onLeave.data],
  );
  const savedMarks = useMemo<Marks>(
    () => (saved.data ? new Map(saved.data.map((m) => [m.studentId, m.status])) : NO_MARKS),
    [saved.data],
  );
  const students = useMemo(() => roster.data ?? [], [roster.data]);
  const chooseParams = (changesTo: { group?: string; date?: string }) => {
    mark.reset();
    const next = { group: group ?? '', date, ...changesTo };
    url.change({ group: next.group || null, date: next.date === today ? null : next.date });
  };
  return (
    <Stack>
      <PageTitle>Mark Attendance</PageTitle>
      <Group align="flex-start" gap="lg">
        <Select
          label="Group"
          placeholder={groups.isPending ? 'Loading groups...' : 'Choose a group'}
          data={groups.data ?? []}
          value={group}
          onChange={(value) => value && chooseParams({ group: value })}
          disabled={groups.isPending}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <DayInput
          label="Date"
          description="Today or a past class day"
          value={date}
          min={EARLIEST_ATTENDANCE_DATE}
          max={today}
          onChange={(value) => chooseParams({ date: value || today })}
          error={problem}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {groups.isError && (
        <LoadFailedState title={MESSAGES.attendance.fetchFailed} onRetry={() => void groups.refetch()} />
      )}
      {findingOwnGroup ? (
        <LoadingState label="Loading students..." />
      ) : group === null ? (
        !groups.isError && <Text c="dimmed">Choose a group to list its students.</Text>
      ) : problem ? null : roster.isPending || saved.isPending || onLeave.isPending ? (
        <LoadingState label="Loading students..." />
      ) : roster.isError || saved.isError || onLeave.isError ? (
        <LoadFailedState
          title={MESSAGES.attendance.fetchFailed}
          onRetry={() =>
            void Promise.all([
              roster.isError && roster.refetch(),
              saved.isError && saved.refetch(),
              onLeave.isError && onLeave.refetch(),
            ])
          }
        />
      ) : students.length === 0 ? (
        <EmptyState hint="Choose another group, or ask an administrator to add students to this one.">
          {MESSAGES.attendance.emptyGroup}
        </EmptyState>
      ) : (
        <RosterEditor
          key={`${group}|${date}`}
          url={url}
          group={group}
          date={date}
          today={today}
          students={students}
          saved={savedMarks}
          away={away}
          mark={mark}
        />
      )}
    </Stack>
  );
}

/** The roster of one group on one day: its marks on screen, tools, rows and the bar. */
function RosterEditor({
  url,
  group,
  date,
  today,
  students,
  saved: savedMarks,
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
  const navigate = useNavigate();
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

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!group || changes.size === 0 || mark.isPending) return;
    const counts = `Present ${present} · Absent ${absent}${onLeave > 0 ? ` · On leave ${onLeave}` : ''}`;
    mark.mutate(
      { group, date, marks: changes, overrides },
      {
        onSuccess: (response) => {
          clear();
          const kept = keptOnLeaveLine(response.keptOnLeave, students);
          showOutcome({
            ok: true,
            title: MESSAGES.attendance.marked,
            message: `${group}, ${formatDay(date)}: ${counts}.${kept ? `\n${kept}` : ''}`,
            action: { label: 'View', onClick: () => void navigate(reportOf(group, date)) },
            persist: kept !== null,
          });
        },
        // The marks stay on screen for another try.
        onError: (error) =>
          showOutcome({
            ok: false,
            title: MESSAGES.attendance.markFailed,
            message: `Could not mark the attendance of ${group} for ${formatDay(date)}.\n${failureDetail(error)}`,
          }),
      },
    );
  };
  const day = date === today ? "Today's attendance is" : `The attendance of ${formatDay(date)} is`;

  return (
    // Capped on wide screens so the names, the choices and Submit stay close together. Plain
    // elements around the roster: a tap renders this part again, and Mantine's layout components
    // would resolve their theme props on every tap.
    <form onSubmit={submit} className="roster-form">
      <div className="roster-stack">
        <RosterTools
          search={search}
          onSearch={setSearch}
          show={show}
          onShow={setShow}
          onMarkAll={markAll}
          pending={mark.isPending}
        />
        <p className="roster-note">
          {changes.size === 0 && !mark.isSuccess
            ? submitHint(day, recorded, students.length)
            : recorded > 0 && 'Changes to marks already recorded are saved as corrections.'}
        </p>
        <p id="roster-keys" className="roster-note roster-keys">
          Keys: ↑ ↓ or J K move, P present, A absent.
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
          <EmptyState hint="Clear the search or show all students.">{MESSAGES.students.none}</EmptyState>
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
