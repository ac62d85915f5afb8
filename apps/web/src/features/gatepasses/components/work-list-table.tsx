/**
 * The teachers' gate passes as a dense table: one row per pass, sortable columns, and on the
 * requests tab a checkbox and Approve / Reject on every row, kept in view at the right edge while
 * the rest of a row scrolls sideways on a narrow screen.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import type { GatePass, GatePassSort, GatePassStatus, SortOrder } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { exactTime, relativeTime } from '../../../lib/dates';
import type { HeldDecision } from '../../../components/held-decisions';
import { formatClock, formatDay } from '../../../lib/format';
import { useRevokeGatePass } from '../../gate/api';
import { CLOSED_LABEL, CLOSED_WHY, GATE_STATE_LABEL } from './gate-pass-card';

export interface SortState {
  sort: GatePassSort;
  order: SortOrder;
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso)}
    </time>
  );
}

const passLabel = (pass: GatePass) => `${pass.name} (${pass.rollNo})`;

type PassColumn = Column<GatePass, GatePassSort>;

const DETAILS: PassColumn[] = [
  {
    header: 'Student',
    sortKey: 'name',
    rowHeader: true,
    cell: (pass) => (
      <>
        <Text size="sm" fw={600}>
          {pass.name}
        </Text>
        <Text size="xs" c="dimmed">
          {pass.rollNo}
        </Text>
      </>
    ),
  },
  { header: 'Group', sortKey: 'group', cell: (pass) => pass.group },
];

const WHEN_AND_WHY: PassColumn[] = [
  { header: 'Time', cell: (pass) => formatClock(pass.time) },
  {
    header: 'Reason',
    maxWidth: 320,
    cell: (pass) => (
      <Text size="sm" lineClamp={2} title={pass.reason} style={{ overflowWrap: 'anywhere' }}>
        {pass.reason}
      </Text>
    ),
  },
  { header: 'Applied', sortKey: 'createdAt', cell: (pass) => <When iso={pass.createdAt} /> },
];

const DECIDED: PassColumn = {
  header: 'Decided',
  cell: (pass) => (
    <>
      {pass.decidedBy && <Text size="sm">{pass.decidedBy}</Text>}
      {pass.closedAt && (
        <Badge color="gray.7" variant="filled">
          {CLOSED_LABEL}
        </Badge>
      )}
      {(pass.decidedAt ?? pass.closedAt) && (
        <Text size="xs" c="dimmed">
          <When iso={(pass.decidedAt ?? pass.closedAt)!} />
        </Text>
      )}
    </>
  ),
};

const REJECTION: PassColumn = {
  header: 'Reason for rejection',
  maxWidth: 280,
  breakAnywhere: true,
  cell: (pass) => <Text size="sm">{pass.closedAt ? CLOSED_WHY : (pass.rejectReason ?? '—')}</Text>,
};

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
  /** Names the table and its scrolling region. */
  label: string;
  sortState: SortState;
  onSort: (column: GatePassSort) => void;
  /** The teacher's local day (YYYY-MM-DD): pending passes for an earlier day are expired. */
  today: string;
  held?: ReadonlyMap<string, HeldDecision>;
  selected?: ReadonlySet<string>;
  /** Rows can be ticked for a bulk decision (the requests tab; not one pass opened alone). */
  onSelect?: (ids: string[], on: boolean) => void;
  onApprove?: (pass: GatePass) => void;
  onReject?: (pass: GatePass) => void;
}) {
  const deciding = status === 'pending';
  const date: PassColumn = {
    header: 'Date',
    sortKey: 'date',
    cell: (pass) => (
      <Group gap={6} wrap="nowrap">
        <time dateTime={pass.date}>{formatDay(pass.date)}</time>
        {deciding && pass.date < today && (
          <Badge color="red.9" variant="outline" size="sm">
            Expired
          </Badge>
        )}
      </Group>
    ),
  };
  const decision: PassColumn = {
    header: 'Decision',
    sticky: true,
    cell: (pass) => {
      const hold = held.get(pass._id);
      return hold ? (
        <Badge color={hold.decision === 'approved' ? 'teal.9' : 'red.9'} variant="filled">
          {hold.decision === 'approved' ? 'Approved' : 'Rejected'}
          {hold.sending ? ' · sending' : ''}
        </Badge>
      ) : (
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" color="teal.9" onClick={() => onApprove?.(pass)}>
            Approve
          </Button>
          <Button size="compact-sm" color="red.9" variant="outline" onClick={() => onReject?.(pass)}>
            Reject
          </Button>
        </Group>
      );
    },
  };
  const gate: PassColumn = {
    header: 'At the gate',
    cell: (pass) => <GateCell pass={pass} />,
  };
  const columns = [
    ...DETAILS,
    date,
    ...WHEN_AND_WHY,
    deciding ? decision : DECIDED,
    ...(status === 'rejected' ? [REJECTION] : []),
    ...(status === 'approved' ? [gate] : []),
  ];
  return (
    <DataTable
      caption={label}
      hideCaption
      columns={columns}
      rows={passes}
      rowKey={(pass) => pass._id}
      minWidth={deciding ? 940 : 900}
      dense
      stackOnPhone
      striped={false}
      sort={{ key: sortState.sort, order: sortState.order, onSort }}
      rowProps={(pass) => {
        const hold = held.get(pass._id);
        return {
          'aria-label': passLabel(pass),
          bg: hold ? 'var(--campus-surface-held)' : undefined,
          'data-held': hold?.decision,
        };
      }}
      selection={
        deciding && onSelect
          ? {
              selected,
              onChange: (ids, on) => onSelect(ids, on),
              label: (pass) => `Select the gate pass of ${passLabel(pass)}`,
              disabled: (pass) => held.has(pass._id),
            }
          : undefined
      }
    />
  );
}

/** An approved pass at the gate: where it stands, and Revoke while nobody has used it. */
function GateCell({ pass }: { pass: GatePass }) {
  const revoke = useRevokeGatePass();
  if (!pass.gateState) return null;
  const state = GATE_STATE_LABEL[pass.gateState];
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={state.color} variant="filled">
        {state.label}
      </Badge>
      {pass.gateState === 'ready' && (
        <Button
          size="compact-sm"
          color="red.9"
          variant="outline"
          loading={revoke.isPending}
          aria-label={`Revoke the gate pass of ${passLabel(pass)}`}
          onClick={() => revoke.mutate(pass._id)}
        >
          Revoke
        </Button>
      )}
    </Group>
  );
}
