/**
 * The teachers' gate passes as a dense table: one row per pass, sortable columns, and on the
 * requests tab a checkbox and Approve / Reject on every row. It scrolls sideways inside its own
 * region on a narrow screen, with each row's decision buttons kept in view at its right edge.
 */
import { Badge, Button, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { GatePass, GatePassSort, GatePassStatus, SortOrder } from '@campus/contract';
import { exactTime, relativeTime } from '../../../lib/dates';
import type { HeldDecision } from '../hooks/use-delayed-decisions';

const STICKY: CSSProperties = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
};

export interface SortState {
  sort: GatePassSort;
  order: SortOrder;
}

function SortHeader({
  label,
  column,
  state,
  onSort,
}: {
  label: string;
  column: GatePassSort;
  state: SortState;
  onSort: (column: GatePassSort) => void;
}) {
  const active = state.sort === column;
  const direction = state.order === 'asc' ? 'ascending' : 'descending';
  return (
    <Table.Th scope="col" aria-sort={active ? direction : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          <span>{label}</span>
          <span aria-hidden>{active ? (state.order === 'asc' ? '▲' : '▼') : '↕'}</span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}

const passLabel = (pass: GatePass) => `${pass.name} (${pass.rollNo})`;

export function WorkListTable({
  status,
  passes,
  label,
  sortState,
  onSort,
  today,
  held = new Map(),
  selected = new Set(),
  onSelect,
  onApprove,
  onReject,
}: {
  status: GatePassStatus;
  passes: GatePass[];
  /** Names the table's scrolling region. */
  label: string;
  sortState: SortState;
  onSort: (column: GatePassSort) => void;
  /** The teacher's local day (YYYY-MM-DD): pending passes for an earlier day are expired. */
  today: string;
  held?: ReadonlyMap<string, HeldDecision>;
  selected?: ReadonlySet<string>;
  onSelect?: (ids: string[], on: boolean) => void;
  onApprove?: (pass: GatePass) => void;
  onReject?: (pass: GatePass) => void;
}) {
  const deciding = status === 'pending';
  const open = passes.filter((p) => !held.has(p._id));
  const chosen = open.filter((p) => selected.has(p._id)).length;
  const sortProps = { state: sortState, onSort };
  return (
    <Table.ScrollContainer
      minWidth={deciding ? 940 : 900}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table highlightOnHover verticalSpacing={6} horizontalSpacing="sm" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {deciding && (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label="Select all on this page"
                  checked={open.length > 0 && chosen === open.length}
                  indeterminate={chosen > 0 && chosen < open.length}
                  disabled={open.length === 0}
                  onChange={(event) =>
                    onSelect?.(
                      open.map((p) => p._id),
                      event.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
            )}
            <SortHeader label="Student" column="name" {...sortProps} />
            <SortHeader label="Group" column="group" {...sortProps} />
            <SortHeader label="Date" column="date" {...sortProps} />
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <SortHeader label="Applied" column="createdAt" {...sortProps} />
            {deciding ? (
              <Table.Th scope="col" style={STICKY}>
                Decision
              </Table.Th>
            ) : (
              <Table.Th scope="col">Decided</Table.Th>
            )}
            {status === 'rejected' && <Table.Th scope="col">Reason for rejection</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passes.map((pass) => {
            const hold = held.get(pass._id);
            const expired = deciding && pass.date < today;
            return (
              <Table.Tr
                key={pass._id}
                aria-label={passLabel(pass)}
                bg={hold ? 'var(--campus-surface-held)' : undefined}
                data-held={hold ? hold.decision : undefined}
              >
                {deciding && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select the gate pass of ${passLabel(pass)}`}
                      checked={!hold && selected.has(pass._id)}
                      disabled={Boolean(hold)}
                      onChange={(event) => onSelect?.([pass._id], event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {pass.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {pass.rollNo}
                  </Text>
                </Table.Td>
                <Table.Td>{pass.group}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <span>{pass.date}</span>
                    {expired && (
                      <Badge color="red.9" variant="outline" size="sm">
                        Expired
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{pass.time}</Table.Td>
                <Table.Td maw={320}>
                  <Text size="sm" lineClamp={2} title={pass.reason} style={{ overflowWrap: 'anywhere' }}>
                    {pass.reason}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <When iso={pass.createdAt} />
                </Table.Td>
                {deciding ? (
                  <Table.Td style={STICKY}>
                    {hold ? (
                      <Badge color={hold.decision === 'approved' ? 'teal.9' : 'red.9'} variant="filled">
                        {hold.decision === 'approved' ? 'Approved' : 'Rejected'}
                        {hold.sending ? ' · sending' : ''}
                      </Badge>
                    ) : (
                      <Group gap={6} wrap="nowrap">
                        <Button size="compact-sm" color="teal.9" onClick={() => onApprove?.(pass)}>
                          Approve
                        </Button>
                        <Button
                          size="compact-sm"
                          color="red.9"
                          variant="outline"
                          onClick={() => onReject?.(pass)}
                        >
                          Reject
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                ) : (
                  <Table.Td>
                    {pass.decidedBy && <Text size="sm">{pass.decidedBy}</Text>}
                    {pass.decidedAt && (
                      <Text size="xs" c="dimmed">
                        <When iso={pass.decidedAt} />
                      </Text>
                    )}
                  </Table.Td>
                )}
                {status === 'rejected' && (
                  <Table.Td maw={280}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {pass.rejectReason ?? '—'}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
