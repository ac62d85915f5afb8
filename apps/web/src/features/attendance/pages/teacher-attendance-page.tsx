/**
 * Mark Attendance (SPEC §2, §4): opens on the first group the teacher mentors (another can be
 * chosen), toggles its students locally, submits today's marks.
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES, type AttendanceStatus } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { serverMessageOr } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { localIsoDate } from '../../../lib/today';
import { useAttendanceMarks, useGroups, useMarkAttendance, useRoster } from '../api';
import { AttendanceRoster } from '../components/attendance-roster';
import { FailureAlert, SuccessAlert } from '../components/result-alert';

/** The marks changed on screen since the group was opened; they belong to that group only. */
interface Draft {
  group: string | null;
  marks: ReadonlyMap<number, AttendanceStatus>;
}
const NO_MARKS: ReadonlyMap<number, AttendanceStatus> = new Map();

/** Why Submit is disabled while nothing has changed: the day may already be partly or wholly recorded. */
function submitHint(recorded: number, total: number): string {
  if (recorded === 0) return 'Mark at least one student to submit.';
  if (recorded === total) {
    return "Today's attendance is already recorded. Change a student's status to update it.";
  }
  return `Today's attendance is recorded for ${recorded} of ${total} students. Mark or change a status to submit.`;
}

export function TeacherAttendancePage() {
  const [date] = useState(localIsoDate);
  const [searchParams, setSearchParams] = useSearchParams();
  const mentored = useMentoredGroups(useCurrentUser().teacherId);
  // The group in the address, else the teacher's own: most mark their own group first.
  const group = searchParams.get('group') || mentored.data?.[0] || null;
  const findingOwnGroup = !searchParams.get('group') && mentored.isLoading;
  const [draft, setDraft] = useState<Draft>({ group: null, marks: NO_MARKS });
  const edits = draft.group === group ? draft.marks : NO_MARKS;

  const groups = useGroups();
  const roster = useRoster(group);
  const saved = useAttendanceMarks(group, date);
  const mark = useMarkAttendance();

  const savedStatus = new Map((saved.data ?? []).map((m) => [m.studentId, m.status]));
  const statusOf = (rollNo: number) => edits.get(rollNo) ?? savedStatus.get(rollNo);
  const students = roster.data ?? [];
  const present = students.filter((s) => statusOf(s.RollNo) === 'Present').length;
  const absent = students.filter((s) => statusOf(s.RollNo) === 'Absent').length;
  const recorded = students.filter((s) => savedStatus.has(s.RollNo)).length;

  const edit = (changes: [number, AttendanceStatus][]) => {
    mark.reset();
    setDraft({ group, marks: new Map([...edits, ...changes]) });
  };
  const chooseGroup = (value: string | null) => {
    mark.reset();
    setSearchParams(value ? { group: value } : {}, { replace: true });
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!group || edits.size === 0 || mark.isPending) return;
    mark.mutate({ group, date, marks: edits }, { onSuccess: () => setDraft({ group, marks: NO_MARKS }) });
  };

  return (
    <Stack>
      <PageTitle>Mark Attendance</PageTitle>
      <Group align="flex-end" gap="lg">
        <Select
          label="Group"
          placeholder={groups.isPending ? 'Loading groups...' : 'Choose a group'}
          data={groups.data ?? []}
          value={group}
          onChange={chooseGroup}
          disabled={groups.isPending}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <Text>
          Date: <time dateTime={date}>{date}</time>
        </Text>
      </Group>
      {groups.isError && (
        <LoadFailedState title={MESSAGES.attendance.fetchFailed} onRetry={() => void groups.refetch()} />
      )}
      {findingOwnGroup ? (
        <LoadingState label="Loading students..." />
      ) : group === null ? (
        !groups.isError && <Text c="dimmed">Choose a group to list its students.</Text>
      ) : roster.isPending || saved.isPending ? (
        <LoadingState label="Loading students..." />
      ) : roster.isError || saved.isError ? (
        <LoadFailedState
          title={MESSAGES.attendance.fetchFailed}
          onRetry={() =>
            void Promise.all([roster.isError && roster.refetch(), saved.isError && saved.refetch()])
          }
        />
      ) : students.length === 0 ? (
        <EmptyState hint="Choose another group, or ask an administrator to add students to this one.">
          {MESSAGES.attendance.emptyGroup}
        </EmptyState>
      ) : (
        // Capped on wide screens so the counts, the toggles and Submit stay beside the names.
        <form onSubmit={submit}>
          <Stack maw={720}>
            <Group justify="space-between">
              <Text aria-live="polite">
                Present {present} · Absent {absent} · Not marked {students.length - present - absent}
              </Text>
              <Button
                variant="default"
                disabled={mark.isPending}
                onClick={() => edit(students.map((s) => [s.RollNo, 'Present']))}
              >
                Mark all present
              </Button>
            </Group>
            <AttendanceRoster
              group={group}
              students={students}
              statusOf={statusOf}
              onChange={(rollNo, status) => edit([[rollNo, status]])}
              disabled={mark.isPending}
            />
            {mark.isSuccess && <SuccessAlert>{MESSAGES.attendance.marked}</SuccessAlert>}
            {mark.isError && (
              <FailureAlert>
                {MESSAGES.attendance.markFailed}
                {serverMessageOr(mark.error, '') && (
                  <Text size="sm" mt={4} c="inherit">
                    {serverMessageOr(mark.error, '')}
                  </Text>
                )}
              </FailureAlert>
            )}
            <Group>
              <Button type="submit" disabled={mark.isPending || edits.size === 0}>
                {mark.isPending ? MESSAGES.submitting : 'Submit Attendance'}
              </Button>
              {edits.size === 0 && !mark.isSuccess && (
                <Text size="sm" c="dimmed">
                  {submitHint(recorded, students.length)}
                </Text>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
