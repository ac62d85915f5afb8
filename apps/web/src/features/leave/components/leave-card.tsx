/** One of the student's own leave applications as a card, with its attachment and, while pending, Withdraw. */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Leave, LeaveStatus } from '@campus/contract';
import type { ReactNode } from 'react';
import { TimeAgoIn as TimeAgo } from '../../../i18n/relative-time';
import { useStudentWords } from '../../../i18n/student';
import { formatDay } from '../../../lib/format';
import { AttachmentButton } from './attachment-button';

/** Filled badges in shades dark enough for white text to meet WCAG AA. */
export const LEAVE_STATUS_COLOR: Record<LeaveStatus, string> = {
  pending: 'gray.7',
  approved: 'teal.9',
  rejected: 'red.9',
  withdrawn: 'dark.4',
};

/** The element id of a leave's card, for a link that leads to it. */
export const leaveCardId = (leave: Pick<Leave, '_id'>) => `leave-${leave._id}`;

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </div>
  );
}

export function LeaveCard({
  leave,
  onWithdraw,
  withdrawing,
}: {
  leave: Leave;
  onWithdraw: (leave: Leave) => void;
  withdrawing: boolean;
}) {
  const { t } = useStudentWords();
  const heading =
    leave.from === leave.to
      ? t('leave.card.one', { day: formatDay(leave.from) })
      : t('leave.card.many', { from: formatDay(leave.from), to: formatDay(leave.to) });
  return (
    // Focusable by script only: the toast of a new application leads here.
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={heading}
      id={leaveCardId(leave)}
      tabIndex={-1}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {heading}
          </Title>
          <Badge color={LEAVE_STATUS_COLOR[leave.status]} variant="filled">
            {t(`leave.card.status.${leave.status}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
          <Detail label={t('leave.card.days')} value={leave.days} />
          <Detail label={t('leave.card.applied')} value={<TimeAgo iso={leave.createdAt} />} />
          {leave.decidedBy && <Detail label={t('leave.card.decidedBy')} value={leave.decidedBy} />}
          {leave.decidedAt && (
            <Detail label={t('leave.card.decided')} value={<TimeAgo iso={leave.decidedAt} />} />
          )}
        </SimpleGrid>
        <Detail label={t('leave.card.reason')} value={leave.reason} />
        {leave.rejectReason && <Detail label={t('leave.card.rejectReason')} value={leave.rejectReason} />}
        {(leave.attachment || leave.status === 'pending') && (
          <Group gap="sm">
            {leave.attachment && <AttachmentButton leave={leave} />}
            {leave.status === 'pending' && (
              <Button variant="default" color="red" loading={withdrawing} onClick={() => onWithdraw(leave)}>
                {t('leave.card.withdraw')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
