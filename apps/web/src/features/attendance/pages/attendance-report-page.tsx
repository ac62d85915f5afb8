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
import { formatAttendancePercent, formatCount, formatDay, formatPercent } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/current-user';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { useAttendanceReport, useDownloadAttendanceReport, useGroups, type ReportRange } from '../api';
import { DayInput } from '../../../components/day-input';
import { failureWords, useOfficeWords, type OfficeWords } from '../../../i18n/office';
import { said } from '../../../i18n/said';
import { useCampusToday } from '../../timetable/campus-now';

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
function rangeErrors(t: OfficeWords, from: string, to: string): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!IsoDateSchema.safeParse(from).success) errors.from = t('report.fromNotDate');
  if (!IsoDateSchema.safeParse(to).success) errors.to = t('report.toNotDate');
  if (errors.from || errors.to) return errors;
  const problem = reportRangeProblem(from, to);
  if (problem?.field === 'from') errors.from = t('report.fromAfterTo', { to: formatDay(to) });
  else if (problem) {
    errors.to = t('report.tooLong', {
      max: formatCount(ATTENDANCE_REPORT_MAX_DAYS),
      range: t('report.range', { from: formatDay(from), to: formatDay(to) }),
      days: formatCount(daysInRange(from, to)),
    });
  }
  return errors;
}

function StatusCell({ row, warningPercent }: { row: AttendanceReportRow; warningPercent: number }) {
  const { t } = useOfficeWords();
  if (row.flagged) {
    return (
      <Badge color="red.8" variant="filled" radius="sm">
        {t('report.below', { percent: formatPercent(warningPercent) })}
      </Badge>
    );
  }
  return <Text size="sm">{row.total === 0 ? t('report.notMarked') : t('report.ok')}</Text>;
}

function ReportTable({ report }: { report: AttendanceReport }) {
  const { t } = useOfficeWords();
  const columns: Column<AttendanceReportRow>[] = [
    { header: t('report.table.rollNo'), cell: (row) => row.RollNo },
    { header: t('report.table.name'), rowHeader: true, cell: (row) => row.name },
    {
      header: t('report.table.status'),
      cell: (row) => <StatusCell row={row} warningPercent={report.warningPercent} />,
    },
    {
      header: t('report.table.attendance'),
      align: 'right',
      cell: (row) => formatAttendancePercent(row.percentage),
    },
    { header: t('report.table.present'), align: 'right', cell: (row) => formatCount(row.present) },
    { header: t('report.table.total'), align: 'right', cell: (row) => formatCount(row.total) },
  ];
  return (
    // The status comes right after the name, so a phone shows it without scrolling.
    <DataTable
      caption={t('report.caption', {
        group: report.group,
        from: formatDay(report.from),
        to: formatDay(report.to),
      })}
      columns={columns}
      rows={report.students}
      rowKey={(row) => row.RollNo}
      minWidth={640}
      rowProps={(row) => (row.flagged ? { fw: 600 } : {})}
    />
  );
}

/** What a teacher or admin with no group to report on is told, and what an admin can do about it. */
function NoGroups({ own }: { own: boolean }) {
  const { t } = useOfficeWords();
  return own ? (
    <EmptyState hint={t('report.notMentorHint')}>{t('report.notMentor')}</EmptyState>
  ) : (
    <EmptyState
      hint={t('report.noGroupsHint')}
      action={
        <Button component={Link} to={PATHS.admin.groups} variant="default">
          {t('report.createGroup')}
        </Button>
      }
    >
      {t('report.noGroups')}
    </EmptyState>
  );
}

/** The report of a group over a range: how many are below the line, the CSV download and the table. */
function ReportResult({ range }: { range: ReportRange }) {
  const { t } = useOfficeWords();
  const report = useAttendanceReport(range);
  const download = useDownloadAttendanceReport();
  if (report.isPending) return <LoadingState label={t('report.loading')} />;
  if (report.isError) {
    return (
      <LoadFailedState
        title={said(t, serverMessageOr(report.error, t('report.fetchFailed')))}
        onRetry={() => void report.refetch()}
      />
    );
  }
  if (report.data.students.length === 0)
    return <EmptyState hint={t('report.emptyGroupHint')}>{t('report.emptyGroup')}</EmptyState>;
  const { students, warningPercent } = report.data;
  const flagged = students.filter((s) => s.flagged).length;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Text aria-live="polite">
          {t('report.summary', {
            count: students.length,
            total: formatCount(students.length),
            flagged: formatCount(flagged),
            percent: formatPercent(warningPercent),
          })}
        </Text>
        {/* The CSV's column headers stay English in every language: the file is data for the office. */}
        <Button
          variant="default"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(range, {
              onError: (error) =>
                showOutcome({
                  ok: false,
                  title: t('report.downloadFailed', { group: range.group }),
                  message: failureWords(t, error),
                }),
            })
          }
        >
          {download.isPending ? t('report.downloading') : t('report.download')}
        </Button>
      </Group>
      <ReportTable report={report.data} />
    </Stack>
  );
}

/** The links above the choices: courses at risk, and for an admin where leave days are chosen. */
function ReportLinks({ admin }: { admin: boolean }) {
  const { t } = useOfficeWords();
  return (
    <>
      <Group gap="sm" align="center">
        <Text size="sm">{t('report.byLecture')}</Text>
        <Button
          component={Link}
          to={admin ? PATHS.admin.courseRisk : PATHS.teacher.courseRisk}
          variant="default"
          size="xs"
        >
          {t('report.courseRisk')}
        </Button>
      </Group>
      {admin && (
        <Text size="sm">
          {t('report.leaveBefore')}
          <Anchor component={Link} to={PATHS.admin.leave} underline="always" inherit>
            {t('report.leaveLink')}
          </Anchor>
          {t('report.leaveAfter')}
        </Text>
      )}
    </>
  );
}

export function AttendanceReportPage() {
  const { t } = useOfficeWords();
  const admin = useCurrentUser().role === 'admin';
  const { groups, own } = useReportGroups();
  const [params, setParams] = useSearchParams();
  const defaults = defaultReportRange(useCampusToday());
  const group = params.get('group') ?? (own ? (groups.data?.[0] ?? null) : null);
  const from = params.get('from') ?? defaults.from;
  const to = params.get('to') ?? defaults.to;
  const errors = rangeErrors(t, from, to);
  const valid = !errors.from && !errors.to;
  const range: ReportRange | null = group !== null && valid ? { group, from, to } : null;

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
    body = <LoadFailedState title={t('report.groupsFailed')} onRetry={() => void groups.refetch()} />;
  else if (groups.data?.length === 0) body = <NoGroups own={own} />;
  else if (group === null) body = <Text c="dimmed">{t('report.chooseToSee')}</Text>;
  else body = range && <ReportResult range={range} />;

  const warning = formatPercent(ATTENDANCE_WARNING_PERCENT);
  return (
    <Stack>
      <PageTitle>{t('report.title')}</PageTitle>
      <ReportLinks admin={admin} />
      <Group align="flex-start" gap="md">
        <Select
          label={t('report.group')}
          placeholder={groups.isPending ? t('report.loadingGroups') : t('report.chooseGroup')}
          data={groups.data ?? []}
          value={group}
          onChange={(value) => choose({ group: value })}
          disabled={groups.isPending}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <DayInput
          label={t('report.from')}
          value={from}
          onChange={(value) => choose({ from: value })}
          error={errors.from}
          w={{ base: '100%', xs: 180 }}
        />
        <DayInput
          label={t('report.to')}
          value={to}
          onChange={(value) => choose({ to: value })}
          error={errors.to}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('report.rangeHint', { percent: warning })}
      </Text>
      {body}
    </Stack>
  );
}
