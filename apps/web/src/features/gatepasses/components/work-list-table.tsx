/**
 * The teachers' gate passes as a dense table: one row per pass, sortable columns, and on the
 * requests tab a checkbox and Approve / Reject on every row, kept in view at the right edge while
 * the rest of a row scrolls sideways on a narrow screen.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import type { GatePass, GatePassSort, GatePassStatus, SortOrder } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import type { HeldDecision } from '../../../components/held-decisions';
import { TimeAgoIn as When } from '../../../i18n/relative-time';
import { useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import { formatClock, formatDay } from '../../../lib/format';
import { useRevokeGatePass } from '../../gate/api';
import { GATE_STATE_LABEL } from './gate-pass-card';

export interface SortState {
  sort: GatePassSort;
  order: SortOrder;
}

const passLabel = (pass: GatePass) => `${pass.name} (${pass.rollNo})`;

type PassColumn = Column<GatePass, GatePassSort>;

/** The columns every tab shows first; headers in the person's language. */
const details = (t: TeacherWords): PassColumn[] => [
  {
    header: t('gatepass.table.student'),
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
  { header: t('gatepass.table.group'), sortKey: 'group', cell: (pass) => pass.group },
];

const whenAndWhy = (t: TeacherWords): PassColumn[] => [
  { header: t('gatepass.table.time'), cell: (pass) => formatClock(pass.time) },
  {
    header: t('gatepass.table.reason'),
    maxWidth: 320,
    cell: (pass) => (
      <Text size="sm" lineClamp={2} title={pass.reason} style={{ overflowWrap: 'anywhere' }}>
        {pass.reason}
      </Text>
    ),
  },
  {
    header: t('gatepass.table.applied'),
    sortKey: 'createdAt',
    cell: (pass) => <When iso={pass.createdAt} />,
  },
];

const decided = (t: TeacherWords): PassColumn => ({
  header: t('gatepass.table.decided'),
  cell: (pass) => (
    <>
      {pass.decidedBy && <Text size="sm">{pass.decidedBy}</Text>}
      {pass.closedAt && (
        <Badge color="gray.7" variant="filled">
          {t('gatepass.table.closed')}
        </Badge>
      )}
      {(pass.decidedAt ?? pass.closedAt) && (
        <Text size="xs" c="dimmed">
          <When iso={(pass.decidedAt ?? pass.closedAt)!} />
        </Text>
      )}
    </>
  ),
});

const rejection = (t: TeacherWords): PassColumn => ({
  header: t('gatepass.table.rejectReason'),
  maxWidth: 280,
  breakAnywhere: true,
  cell: (pass) => (
    <Text size="sm">{pass.closedAt ? t('gatepass.table.closedWhy') : (pass.rejectReason ?? '—')}</Text>
  ),
});

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
  const { t } = useTeacherWords();
  const deciding = status === 'pending';
  const date: PassColumn = {
    header: t('gatepass.table.date'),
    sortKey: 'date',
    cell: (pass) => (
      <Group gap={6} wrap="nowrap">
        <time dateTime={pass.date}>{formatDay(pass.date)}</time>
        {deciding && pass.date < today && (
          <Badge color="red.9" variant="outline" size="sm">
            {t('gatepass.table.expired')}
          </Badge>
        )}
      </Group>
    ),
  };
  const decision: PassColumn = {
    header: t('gatepass.table.decision'),
    sticky: true,
    cell: (pass) => {
      const hold = held.get(pass._id);
      return hold ? (
        <Badge color={hold.decision === 'approved' ? 'teal.9' : 'red.9'} variant="filled">
          {t(`gatepass.table.${hold.decision}`)}
          {hold.sending ? t('gatepass.table.sending') : ''}
        </Badge>
      ) : (
        <Group gap={6} wrap="nowrap">
          <Button size="compact-sm" color="teal.9" onClick={() => onApprove?.(pass)}>
            {t('gatepass.table.approve')}
          </Button>
          <Button size="compact-sm" color="red.9" variant="outline" onClick={() => onReject?.(pass)}>
            {t('gatepass.table.reject')}
          </Button>
        </Group>
      );
    },
  };
  const gate: PassColumn = {
    header: t('gatepass.table.atGate'),
    cell: (pass) => <GateCell pass={pass} />,
  };
  const columns = [
    ...details(t),
    date,
    ...whenAndWhy(t),
    deciding ? decision : decided(t),
    ...(status === 'rejected' ? [rejection(t)] : []),
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
              label: (pass) => t('gatepass.table.selectLabel', { pass: passLabel(pass) }),
              disabled: (pass) => held.has(pass._id),
            }
          : undefined
      }
    />
  );
}

/** An approved pass at the gate: where it stands, and Revoke while nobody has used it. */
function GateCell({ pass }: { pass: GatePass }) {
  const { t } = useTeacherWords();
  const revoke = useRevokeGatePass();
  if (!pass.gateState) return null;
  const state = GATE_STATE_LABEL[pass.gateState];
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={state.color} variant="filled">
        {t(`gatepass.table.gate.${pass.gateState}`)}
      </Badge>
      {pass.gateState === 'ready' && (
        <Button
          size="compact-sm"
          color="red.9"
          variant="outline"
          loading={revoke.isPending}
          aria-label={t('gatepass.table.revokeLabel', { pass: passLabel(pass) })}
          onClick={() => revoke.mutate(pass._id)}
        >
          {t('gatepass.table.revoke')}
        </Button>
      )}
    </Group>
  );
}
