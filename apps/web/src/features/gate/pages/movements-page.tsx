/**
 * The movement log: who is out now, who is overdue, and a day's exits and returns, by group and
 * date, with a CSV export. Admins see every student; teachers the students of the groups they mentor.
 */
import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { GateMovement } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { PageTitle } from '../../../components/page-title';
import { download } from '../../../lib/api-client';
import { formatClock, formatCount, formatDay, formatTimeOfDay } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { GATE_STATE_LABEL } from '../../gatepasses/components/gate-pass-card';
import { useMovements } from '../api';
import { useTermSettings } from '../../timetable/api';
import { useCampusToday } from '../../timetable/campus-now';
import { DayInput } from '../../../components/day-input';
import { useUrlSearch, useUrlState } from '../../../lib/url-state';
import { useOfficeWords, type OfficeWords } from '../../../i18n/office';
import { said } from '../../../i18n/said';

/** An exit or return on the campus's clock; the device's until the campus's zone is known. */
const time = (iso: string | undefined, timeZone: string | undefined) =>
  iso ? formatTimeOfDay(iso, timeZone) : '—';

const movementColumns = (t: OfficeWords, timeZone: string | undefined): Column<GateMovement>[] => [
  {
    header: t('movements.table.student'),
    rowHeader: true,
    cell: (m) => (
      <>
        {m.name}{' '}
        <Text span c="dimmed" inherit>
          ({m.rollNo})
        </Text>
      </>
    ),
  },
  { header: t('movements.table.group'), cell: (m) => m.group },
  {
    header: t('movements.table.pass'),
    cell: (m) =>
      `${formatDay(m.date)}, ${formatClock(m.time)}–${m.returnBy ? formatClock(m.returnBy) : t('movements.endOfDay')}`,
  },
  {
    header: t('movements.table.out'),
    cell: (m) => (
      <>
        {time(m.exitedAt, timeZone)}{' '}
        {m.exitedBy && (
          <Text span c="dimmed" inherit>
            {t('movements.by', { name: m.exitedBy })}
          </Text>
        )}
      </>
    ),
  },
  {
    header: t('movements.table.back'),
    cell: (m) => (
      <>
        {time(m.returnedAt, timeZone)}{' '}
        {m.returnedBy && (
          <Text span c="dimmed" inherit>
            {t('movements.by', { name: m.returnedBy })}
          </Text>
        )}
      </>
    ),
  },
  {
    header: t('movements.table.state'),
    cell: (m) => (
      <Badge color={GATE_STATE_LABEL[m.gateState].color} variant="filled">
        {t(`movements.state.${m.gateState}`)}
      </Badge>
    ),
  },
];

function MovementTable({ caption, rows, empty }: { caption: string; rows: GateMovement[]; empty: string }) {
  const { t } = useOfficeWords();
  // The term settings the timetable cards read too: asked once and kept for ten minutes.
  const timeZone = useTermSettings().data?.timeZone;
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <DataTable
      caption={caption}
      hideCaption
      columns={movementColumns(t, timeZone)}
      rows={rows}
      rowKey={(m) => m.gatepassId}
      minWidth={640}
    />
  );
}

export function MovementsPage() {
  const { t } = useOfficeWords();
  // The day and group live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const today = useCampusToday({ steady: true });
  const date = url.params.get('date') ?? today;
  const setDate = (value: string) => url.change({ date: value === today ? null : value });
  const { text: group, setText: setGroup, search: groupAsked } = useUrlSearch(url, 300, 'group');
  const movements = useMovements(date, groupAsked || null);
  // The file's column headers stay English in every language: it is data for the office.
  const exportCsv = async () => {
    const { blob, filename } = await download('/api/gate/movements.csv', {
      query: { date, group: groupAsked || undefined },
    });
    saveFile(blob, filename ?? `movements-${date}.csv`);
  };
  const log = movements.data;
  return (
    <>
      <PageTitle>{t('movements.title')}</PageTitle>
      <Stack gap="lg">
        <Group align="end" wrap="wrap">
          <FilterBar active={(date === today ? 0 : 1) + (group.trim() ? 1 : 0)}>
            <DayInput label={t('movements.date')} value={date} onChange={setDate} />
            <TextInput
              label={t('movements.group')}
              placeholder={t('movements.allGroups')}
              value={group}
              onChange={(e) => setGroup(e.currentTarget.value)}
            />
          </FilterBar>
          <Button variant="default" onClick={() => void exportCsv()}>
            {t('movements.export')}
          </Button>
        </Group>
        {movements.error && <Text c="var(--campus-text-danger)">{said(t, movements.error.message)}</Text>}
        {log && (
          <>
            <section>
              <Title order={2} size="h3" mb="xs">
                {t('movements.overdue', { n: formatCount(log.overdue.length) })}
              </Title>
              <MovementTable
                caption={t('movements.overdueCaption')}
                rows={log.overdue}
                empty={t('movements.noneOverdue')}
              />
            </section>
            <section>
              <Title order={2} size="h3" mb="xs">
                {t('movements.out', { n: formatCount(log.out.length) })}
              </Title>
              <MovementTable
                caption={t('movements.outCaption')}
                rows={log.out}
                empty={t('movements.noneOut')}
              />
            </section>
            <section>
              <Title order={2} size="h3" mb="xs">
                {t('movements.day', { day: formatDay(log.date) })}
              </Title>
              <MovementTable
                caption={t('movements.day', { day: formatDay(log.date) })}
                rows={log.day}
                empty={t('movements.noneDay')}
              />
            </section>
          </>
        )}
      </Stack>
    </>
  );
}
