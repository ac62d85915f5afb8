/**
 * Leave applications as the staff's work table: the student, the days, the reason and attachment,
 * and on the requests tab Approve / Reject, or the decision held for Undo; on the others who decided.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import type { Leave, LeaveStatus } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import type { HeldDecision } from '../../../components/held-decisions';
import { formatDayRange } from '../../../lib/format';
import { AttachmentButton } from './attachment-button';

export const leaveRange = (l: Leave) => formatDayRange(l.from, l.to);

const DETAILS: Column<Leave>[] = [
  {
    header: 'Student',
    rowHeader: true,
    cell: (l) => (
      <>
        {l.name}
        <Text size="xs" c="dimmed">
          Roll No {l.rollNo} · {l.group}
        </Text>
      </>
    ),
  },
  {
    header: 'Days',
    cell: (l) => `${leaveRange(l)} (${l.days} ${l.days === 1 ? 'day' : 'days'})`,
    nowrap: true,
  },
  { header: 'Reason', cell: (l) => l.reason, breakAnywhere: true, minWidth: 160 },
  {
    header: 'Attachment',
    cell: (l) => (l.attachment ? <AttachmentButton leave={l} compact /> : <Text c="dimmed">None</Text>),
  },
];

const DECIDED_BY: Column<Leave> = { header: 'Decided by', cell: (l) => l.decidedBy ?? '' };
const REJECTION: Column<Leave> = { header: 'Reason for rejection', cell: (l) => l.rejectReason ?? '' };

function decisionColumn(
  held: ReadonlyMap<string, HeldDecision>,
  onApprove: (leave: Leave) => void,
  onReject: (leave: Leave) => void,
): Column<Leave> {
  return {
    header: 'Decision',
    cell: (l) => {
      const hold = held.get(l._id);
      if (hold) {
        return (
          <Badge color={hold.decision === 'approved' ? 'teal.9' : 'red.9'} variant="filled">
            {hold.decision === 'approved' ? 'Approved' : 'Rejected'}
            {hold.sending ? ' · sending' : ''}
          </Badge>
        );
      }
      return (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            color="teal.9"
            aria-label={`Approve the leave of ${l.name}`}
            onClick={() => onApprove(l)}
          >
            Approve
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="red.9"
            aria-label={`Reject the leave of ${l.name}`}
            onClick={() => onReject(l)}
          >
            Reject
          </Button>
        </Group>
      );
    },
  };
}

export function LeaveWorkTable({
  status,
  label,
  rows,
  held,
  onApprove,
  onReject,
  busy,
}: {
  status: LeaveStatus;
  /** Names the table. */
  label: string;
  rows: Leave[];
  held: ReadonlyMap<string, HeldDecision>;
  onApprove: (leave: Leave) => void;
  onReject: (leave: Leave) => void;
  busy?: boolean;
}) {
  const columns: Column<Leave>[] = [
    ...DETAILS,
    ...(status === 'pending'
      ? [decisionColumn(held, onApprove, onReject)]
      : [DECIDED_BY, ...(status === 'rejected' ? [REJECTION] : [])]),
  ];
  return (
    <DataTable
      caption={label}
      hideCaption
      columns={columns}
      rows={rows}
      rowKey={(l) => l._id}
      minWidth={720}
      dense
      stackOnPhone
      {...(busy !== undefined ? { busy } : {})}
      rowProps={(l) => {
        const hold = held.get(l._id);
        return {
          'aria-label': `${l.name}, ${leaveRange(l)}`,
          bg: hold ? 'var(--campus-surface-held)' : undefined,
          'data-held': hold?.decision,
        };
      }}
    />
  );
}
