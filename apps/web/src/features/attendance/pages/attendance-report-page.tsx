/**
 * The attendance report (teachers: the groups they mentor; admins: any group): each student's
 * attendance over a range of days, those below 75% first and marked so in words, and the same
 * report as a CSV file. The choices live in the address, so a report can be reloaded and shared.
 */
import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  ATTENDANCE_REPORT_MAX_DAYS,
  ATTENDANCE_WARNING_PERCENT,
  daysInRange,
  defaultReportRange,
  IsoDateSchema,
  MESSAGES,
  PATHS,
  reportRangeProblem,
  type AttendanceReport,
  type AttendanceReportRow,
} from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { serverMessageOr } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { formatAttendancePercent, formatCount, formatDay, formatDayRange } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/current-user';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { localIsoDate } from '../../../lib/today';
import { useAttendanceReport, useDownloadAttendanceReport, useGroups, type ReportRange } from '../api';
import { DayInput } from '../../../components/day-input';

/** The groups the signed-in user may report on: a teacher's own, or every group for an admin. */
function useReportGroups() {
  const user = useCurrentUser();
  const teacher = user.role === 'teacher';
  const mentored = useMentoredGroups(teacher ? user.teacherId : undefined);
  const all = useGroups({ enabled: !teacher });
  return teacher ? { groups: mentored, own: true } : { groups: all, own: false };
}

/**
 * The field errors of a range as typed: each a whole date, then the range itself, with its days
 * written as the campus reads them (the contract's words carry ISO days, for the API).
 */
function rangeErrors(from: string, to: string): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!IsoDateSchema.safeParse(from).success) errors.from = 'From must be a date';
  if (!IsoDateSchema.safeParse(to).success) errors.to = 'To must be a date';
  if (errors.from || errors.to) return errors;
  const problem = reportRangeProblem(from, to);
  if (problem?.field === 'from') errors.from = `From must be on or before To (${formatDay(to)})`;
  else if (problem) {
    errors.to = `To must be within ${ATTENDANCE_REPORT_MAX_DAYS} days of From: ${formatDayRange(from, to)} spans ${formatCount(daysInRange(from, to))} days`;
  }
  return errors;
}

function StatusCell({ row, warningPercent }: { row: AttendanceReportRow; warningPercent: number }) {
  if (row.flagged) {
    return (
      <Badge color="red.8" variant="filled" radius="sm">
        Below {warningPercent}%
      </Badge>
    );
  }
  return <Text size="sm">{row.total === 0 ? 'Not marked' : 'OK'}</Text>;
}

function ReportTable({ report }: { report: AttendanceReport }) {
  const columns: Column<AttendanceReportRow>[] = [
    { header: 'Roll No', cell: (row) => row.RollNo },
    { header: 'Name', rowHeader: true, cell: (row) => row.name },
    {
      header: 'Status',
      cell: (row) => <StatusCell row={row} warningPercent={report.warningPercent} />,
    },
    {
      header: 'Attendance',
      align: 'right',
      cell: (row) => formatAttendancePercent(row.percentage),
    },
    { header: 'Present days', align: 'right', cell: (row) => row.present },
    { header: 'Total days', align: 'right', cell: (row) => row.total },
  ];
  return (
    // The status comes right after the name, so a phone shows it without scrolling.
    <DataTable
      caption={`Attendance of ${report.group} from ${formatDay(report.from)} to ${formatDay(report.to)}`}
      columns={columns}
      rows={report.students}
      rowKey={(row) => row.RollNo}
      minWidth={640}
      rowProps={(row) => (row.flagged ? { fw: 600 } : {})}
    />
  );
}

export function AttendanceReportPage() {
  const admin = useCurrentUser().role === 'admin';
  const { groups, own } = useReportGroups();
  const [params, setParams] = useSearchParams();
  const defaults = defaultReportRange(localIsoDate());
  const group = params.get('group') ?? (own ? (groups.data?.[0] ?? null) : null);
  const from = params.get('from') ?? defaults.from;
  const to = params.get('to') ?? defaults.to;
  const errors = rangeErrors(from, to);
  const valid = !errors.from && !errors.to;
  const range: ReportRange | null = group !== null && valid ? { group, from, to } : null;
  const report = useAttendanceReport(range);
  const download = useDownloadAttendanceReport();

  const choose = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    // A date being typed is empty until it is whole: it is kept empty, not put back to the default.
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  let body;
  if (groups.isError)
    body = <LoadFailedState title="Could not load the groups." onRetry={() => void groups.refetch()} />;
  else if (groups.data?.length === 0) {
    body = own ? (
      <EmptyState hint="An administrator makes teachers mentors of groups; your groups show here once you are one.">
        You do not mentor any group yet.
      </EmptyState>
    ) : (
      <EmptyState
        hint="A report is made for each group of students."
        action={
          <Button component={Link} to={PATHS.admin.groups} variant="default">
            Create a group
          </Button>
        }
      >
        There are no groups yet.
      </EmptyState>
    );
  } else if (group === null) body = <Text c="dimmed">Choose a group to see its report.</Text>;
  else if (!range) body = null;
  else if (report.isPending) body = <LoadingState label="Loading the report..." />;
  else if (report.isError) {
    body = (
      <LoadFailedState
        title={serverMessageOr(report.error, MESSAGES.attendance.fetchFailed)}
        onRetry={() => void report.refetch()}
      />
    );
  } else if (report.data.students.length === 0)
    body = (
      <EmptyState hint="Students join a group when an administrator adds or moves them.">
        {MESSAGES.attendance.emptyGroup}
      </EmptyState>
    );
  else {
    const { students, warningPercent } = report.data;
    const flagged = students.filter((s) => s.flagged).length;
    body = (
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Text aria-live="polite">
            {flagged} of {students.length} student{students.length === 1 ? '' : 's'} below {warningPercent}%,
            listed first.
          </Text>
          <Button
            variant="default"
            disabled={download.isPending}
            onClick={() =>
              download.mutate(range, {
                onError: (error) =>
                  showOutcome({
                    ok: false,
                    title: `Could not download the attendance report of ${range.group}`,
                    message: failureDetail(error),
                  }),
              })
            }
          >
            {download.isPending ? 'Downloading...' : 'Download CSV'}
          </Button>
        </Group>
        <ReportTable report={report.data} />
      </Stack>
    );
  }

  return (
    <Stack>
      <PageTitle>Attendance report</PageTitle>
      <Group gap="sm" align="center">
        <Text size="sm">Attendance by lecture, per course, with what each student must still attend:</Text>
        <Button
          component={Link}
          to={admin ? PATHS.admin.courseRisk : PATHS.teacher.courseRisk}
          variant="default"
          size="xs"
        >
          Courses at risk
        </Button>
      </Group>
      {admin && (
        <Text size="sm">
          On leave days count as the campus chooses on{' '}
          <Anchor component={Link} to={PATHS.admin.leave} underline="always" inherit>
            Leave
          </Anchor>
          , where admins also decide leave applications.
        </Text>
      )}
      <Group align="flex-start" gap="md">
        <Select
          label="Group"
          placeholder={groups.isPending ? 'Loading groups...' : 'Choose a group'}
          data={groups.data ?? []}
          value={group}
          onChange={(value) => choose({ group: value })}
          disabled={groups.isPending}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <DayInput
          label="From"
          value={from}
          onChange={(value) => choose({ from: value })}
          error={errors.from}
          w={{ base: '100%', xs: 180 }}
        />
        <DayInput
          label="To"
          value={to}
          onChange={(value) => choose({ to: value })}
          error={errors.to}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Days marked from From to To, both included. Students below {ATTENDANCE_WARNING_PERCENT}% come first,
        marked “Below {ATTENDANCE_WARNING_PERCENT}%”.
      </Text>
      {body}
    </Stack>
  );
}
