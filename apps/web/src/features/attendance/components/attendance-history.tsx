/**
 * A student's attendance records, a month at a time: as lists or as calendars, every day or the
 * absences only. The view and the filter live in the address, so a reload or a shared link keeps them.
 */
import { Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { AttendanceRecord } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { Segmented } from '../../../components/segmented';
import { useStudentWords } from '../../../i18n/student';
import { formatDay } from '../../../lib/format';
import { AttendanceCalendar, CalendarLegend } from './attendance-calendar';
import { groupByMonth, type AttendanceMonth } from './attendance-months';

type Words = ReturnType<typeof useStudentWords>['t'];

const STATUS_CLASS = `${Text.classes.root} mantine-Text-root`;

const TONE = { Present: 'present', Absent: 'absent', 'On leave': 'leave' } as const;

/** "18 present · 2 absent · 1 on leave", leaving out what did not happen. */
function monthCounts(t: Words, month: AttendanceMonth): string {
  const parts = [
    t('attendance.counts.present', { count: month.present }),
    t('attendance.counts.absent', { count: month.absent }),
  ];
  if (month.onLeave > 0) parts.push(t('attendance.counts.leave', { count: month.onLeave }));
  return parts.join(' · ');
}

const columns = (t: Words): Column<AttendanceRecord>[] => [
  {
    header: t('attendance.date'),
    cell: (record) => <time dateTime={record.date}>{formatDay(record.date)}</time>,
  },
  {
    header: t('attendance.statusHeader'),
    // Mantine's Text look on a plain span: a school year is a couple of hundred of these cells.
    cell: (record) => (
      <span
        className={STATUS_CLASS}
        style={
          record.status === 'Absent'
            ? { fontWeight: 700, color: 'var(--campus-text-danger)' }
            : { fontWeight: 400 }
        }
      >
        {t(`attendance.status.${TONE[record.status]}`)}
      </span>
    ),
  },
];

type View = 'list' | 'calendar';
const VIEWS: View[] = ['list', 'calendar'];

export function AttendanceHistory({ records }: { records: readonly AttendanceRecord[] }) {
  const { t } = useStudentWords();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const absencesOnly = params.get('absences') === '1';
  const change = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const months = groupByMonth(records)
    .map((month) =>
      absencesOnly ? { ...month, records: month.records.filter((r) => r.status === 'Absent') } : month,
    )
    .filter((month) => month.records.length > 0);

  return (
    <Stack gap="md" component="section" aria-label={t('attendance.records')}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Segmented
          label={t('attendance.showAs')}
          value={view}
          onChange={(value) => change('view', value === 'calendar' ? 'calendar' : null)}
          data={VIEWS.map((value) => ({ value, label: t(`attendance.views.${value}`) }))}
        />
        <Checkbox
          label={t('attendance.absencesOnly')}
          checked={absencesOnly}
          onChange={(event) => change('absences', event.currentTarget.checked ? '1' : null)}
        />
      </Group>
      {view === 'calendar' && <CalendarLegend />}
      {months.length === 0 ? (
        <Text c="dimmed">{t('attendance.noAbsences')}</Text>
      ) : (
        // Two months side by side from 1200 px: a month's list or calendar needs no more width.
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
          {months.map((month) => (
            <Stack key={month.key} gap={6} component="section" aria-labelledby={`month-${month.key}`}>
              <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
                <Title order={2} size="h4" id={`month-${month.key}`}>
                  {month.label}
                </Title>
                <Text size="sm" c="dimmed">
                  {monthCounts(t, month)}
                </Text>
              </Group>
              {view === 'calendar' ? (
                <AttendanceCalendar month={month} absencesOnly={absencesOnly} />
              ) : (
                <DataTable
                  caption={t(absencesOnly ? 'attendance.captionAbsences' : 'attendance.caption', {
                    month: month.label,
                  })}
                  hideCaption
                  columns={columns(t)}
                  rows={month.records}
                  rowKey={(record) => record.date}
                  minWidth={280}
                />
              )}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
