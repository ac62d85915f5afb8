/**
 * Mark Attendance (SPEC §2, §4): opens on the first group the teacher mentors (another can be
 * chosen) and on today, or a past class day to correct; toggles its students locally, one tap a row,
 * with the counts and Submit in a bar that stays in view; submits the marks that change.
 */
import { Group, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { EARLIEST_ATTENDANCE_DATE, type OnLeaveStudent } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useRosterWords } from '../../../i18n/roster';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDay } from '../../../lib/format';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { useUrlState } from '../../../lib/url-state';
import { useOnLeave } from '../../leave/api';
import { useCampusToday } from '../../timetable/campus-now';
import { useAttendanceMarks, useGroups, useMarkAttendance, useRoster } from '../api';
import { RosterEditor } from '../components/roster-editor';
import { type Marks } from '../use-roster-marks';
import { DayInput } from '../../../components/day-input';

const NO_MARKS: Marks = new Map();
const NO_LEAVE: ReadonlyMap<number, OnLeaveStudent['source']> = new Map();

/** Why the date cannot be marked, or null when it can: a past class day or today, never the future. */
function dateProblem(t: ReturnType<typeof useRosterWords>['t'], date: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return t('day.noDate');
  if (date > today) return t('day.future');
  if (date < EARLIEST_ATTENDANCE_DATE) return t('day.before', { day: formatDay(EARLIEST_ATTENDANCE_DATE) });
  return null;
}

export function TeacherAttendancePage() {
  const { t, lang } = useRosterWords();
  // The campus's day, as the server checks it; kept past midnight so that marks being made stay.
  const today = useCampusToday({ steady: true });
  // The group, the day and the roster's search and filter live in the address.
  const url = useUrlState();
  const mentored = useMentoredGroups(useCurrentUser().teacherId);
  // The group in the address, else the teacher's own: most mark their own group first.
  const group = url.params.get('group') || mentored.data?.[0] || null;
  const findingOwnGroup = !url.params.get('group') && mentored.isLoading;
  const date = url.params.get('date') ?? today;
  const problem = dateProblem(t, date, today);

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
    <Stack lang={lang}>
      <PageTitle>{t('day.title')}</PageTitle>
      <Group align="flex-start" gap="lg">
        <Select
          label={t('day.group')}
          placeholder={groups.isPending ? t('day.loadingGroups') : t('day.chooseGroup')}
          data={groups.data ?? []}
          value={group}
          onChange={(value) => value && chooseParams({ group: value })}
          disabled={groups.isPending}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <DayInput
          label={t('day.date')}
          description={t('day.dateHint')}
          value={date}
          min={EARLIEST_ATTENDANCE_DATE}
          max={today}
          onChange={(value) => chooseParams({ date: value || today })}
          error={problem}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {groups.isError && (
        <LoadFailedState title={t('said.fetchFailed')} onRetry={() => void groups.refetch()} />
      )}
      {findingOwnGroup ? (
        <LoadingState label={t('day.loadingStudents')} />
      ) : group === null ? (
        !groups.isError && <Text c="dimmed">{t('day.chooseToList')}</Text>
      ) : problem ? null : roster.isPending || saved.isPending || onLeave.isPending ? (
        <LoadingState label={t('day.loadingStudents')} />
      ) : roster.isError || saved.isError || onLeave.isError ? (
        <LoadFailedState
          title={t('said.fetchFailed')}
          onRetry={() =>
            void Promise.all([
              roster.isError && roster.refetch(),
              saved.isError && saved.refetch(),
              onLeave.isError && onLeave.refetch(),
            ])
          }
        />
      ) : students.length === 0 ? (
        <EmptyState hint={t('day.emptyHint')}>{t('said.emptyGroup')}</EmptyState>
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
