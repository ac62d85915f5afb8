/**
 * The movement log: who is out now, who is overdue, and a day's exits and returns, by group and
 * date, with a CSV export. Admins see every student; teachers the students of the groups they mentor.
 */
import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { GateMovement } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { PageTitle } from '../../../components/page-title';
import { download } from '../../../lib/api-client';
import { formatClock, formatDay, formatTimeOfDay } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { GATE_STATE_LABEL } from '../../gatepasses/components/gate-pass-card';
import { useMovements } from '../api';
import { DayInput } from '../../../components/day-input';
import { useUrlSearch, useUrlState } from '../../../lib/url-state';
import { localIsoDate } from '../../../lib/today';

const time = (iso?: string) => (iso ? formatTimeOfDay(iso) : '—');

const MOVEMENT_COLUMNS: Column<GateMovement>[] = [
  {
    header: 'Student',
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
  { header: 'Group', cell: (m) => m.group },
  {
    header: 'Pass',
    cell: (m) =>
      `${formatDay(m.date)}, ${formatClock(m.time)}–${m.returnBy ? formatClock(m.returnBy) : 'end of day'}`,
  },
  {
    header: 'Out',
    cell: (m) => (
      <>
        {time(m.exitedAt)}{' '}
        {m.exitedBy && (
          <Text span c="dimmed" inherit>
            by {m.exitedBy}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Back',
    cell: (m) => (
      <>
        {time(m.returnedAt)}{' '}
        {m.returnedBy && (
          <Text span c="dimmed" inherit>
            by {m.returnedBy}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'State',
    cell: (m) => (
      <Badge color={GATE_STATE_LABEL[m.gateState].color} variant="filled">
        {GATE_STATE_LABEL[m.gateState].label}
      </Badge>
    ),
  },
];

function MovementTable({ caption, rows, empty }: { caption: string; rows: GateMovement[]; empty: string }) {
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <DataTable
      caption={caption}
      hideCaption
      columns={MOVEMENT_COLUMNS}
      rows={rows}
      rowKey={(m) => m.gatepassId}
      minWidth={640}
    />
  );
}

export function MovementsPage() {
  // The day and group live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const [today] = useState(localIsoDate);
  const date = url.params.get('date') ?? today;
  const setDate = (value: string) => url.change({ date: value === today ? null : value });
  const { text: group, setText: setGroup, search: groupAsked } = useUrlSearch(url, 300, 'group');
  const movements = useMovements(date, groupAsked || null);
  const exportCsv = async () => {
    const { blob, filename } = await download('/api/gate/movements.csv', {
      query: { date, group: groupAsked || undefined },
    });
    saveFile(blob, filename ?? `movements-${date}.csv`);
  };
  const log = movements.data;
  return (
    <>
      <PageTitle>Movements</PageTitle>
      <Stack gap="lg">
        <Group align="end" wrap="wrap">
          <FilterBar active={(date === today ? 0 : 1) + (group.trim() ? 1 : 0)}>
            <DayInput label="Date" value={date} onChange={setDate} />
            <TextInput
              label="Group"
              placeholder="All groups"
              value={group}
              onChange={(e) => setGroup(e.currentTarget.value)}
            />
          </FilterBar>
          <Button variant="default" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </Group>
        {movements.error && <Text c="var(--campus-text-danger)">{movements.error.message}</Text>}
        {log && (
          <>
            <section>
              <Title order={2} size="h3" mb="xs">
                Overdue ({log.overdue.length})
              </Title>
              <MovementTable
                caption="Overdue"
                rows={log.overdue}
                empty="Nobody is out past their return time."
              />
            </section>
            <section>
              <Title order={2} size="h3" mb="xs">
                Out now ({log.out.length})
              </Title>
              <MovementTable caption="Out now" rows={log.out} empty="Nobody is out." />
            </section>
            <section>
              <Title order={2} size="h3" mb="xs">
                Exits and returns on {formatDay(log.date)}
              </Title>
              <MovementTable
                caption={`Exits and returns on ${formatDay(log.date)}`}
                rows={log.day}
                empty="No exits on this day."
              />
            </section>
          </>
        )}
      </Stack>
    </>
  );
}
