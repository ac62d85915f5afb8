/**
 * Leave applications as the staff's work table: the student, the days, the reason and attachment,
 * and on the requests tab Approve / Reject, or the decision held for Undo; on the others who decided.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import type { Leave, LeaveStatus } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import type { HeldDecision } from '../../../components/held-decisions';
import { useTeacherDayRange, useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import { AttachmentButton } from './attachment-button';

/** A leave's days, "5 Dec 2031 to 7 Dec 2031", in the person's language. */
export function useLeaveRange() {
  const range = useTeacherDayRange();
  return (l: Leave) => range(l.from, l.to);
}

function details(t: TeacherWords, leaveRange: (l: Leave) => string): Column<Leave>[] {
  return [
    {
      header: t('leave.table.student'),
      rowHeader: true,
      cell: (l) => (
        <>
          {l.name}
          <Text size="xs" c="dimmed">
            {t('leave.table.rollGroup', { rollNo: l.rollNo, group: l.group })}
          </Text>
        </>
      ),
    },
    {
      header: t('leave.table.days'),
      cell: (l) => t('leave.table.daysValue', { range: leaveRange(l), count: l.days }),
      nowrap: true,
    },
    { header: t('leave.table.reason'), cell: (l) => l.reason, breakAnywhere: true, minWidth: 160 },
    {
      header: t('leave.table.attachment'),
      cell: (l) =>
        l.attachment ? (
          <AttachmentButton leave={l} compact />
        ) : (
          <Text c="dimmed">{t('leave.table.none')}</Text>
        ),
    },
  ];
}

function decisionColumn(
  t: TeacherWords,
  held: ReadonlyMap<string, HeldDecision>,
  onApprove: (leave: Leave) => void,
  onReject: (leave: Leave) => void,
): Column<Leave> {
  return {
    header: t('leave.table.decision'),
    cell: (l) => {
      const hold = held.get(l._id);
      if (hold) {
        return (
          <Badge color={hold.decision === 'approved' ? 'teal.9' : 'red.9'} variant="filled">
            {t(`leave.table.${hold.decision}`)}
            {hold.sending ? t('leave.table.sending') : ''}
          </Badge>
        );
      }
      return (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            color="teal.9"
            aria-label={t('leave.table.approveLabel', { name: l.name })}
            onClick={() => onApprove(l)}
          >
            {t('leave.table.approve')}
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="red.9"
            aria-label={t('leave.table.rejectLabel', { name: l.name })}
            onClick={() => onReject(l)}
          >
            {t('leave.table.reject')}
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
  const { t } = useTeacherWords();
  const leaveRange = useLeaveRange();
  const decidedBy: Column<Leave> = { header: t('leave.table.decidedBy'), cell: (l) => l.decidedBy ?? '' };
  const rejection: Column<Leave> = {
    header: t('leave.table.rejectReason'),
    cell: (l) => l.rejectReason ?? '',
  };
  const columns: Column<Leave>[] = [
    ...details(t, leaveRange),
    ...(status === 'pending'
      ? [decisionColumn(t, held, onApprove, onReject)]
      : [decidedBy, ...(status === 'rejected' ? [rejection] : [])]),
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
