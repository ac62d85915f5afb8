/** Student leave: apply for leave over a range of days, and follow each application; withdraw a pending one. */
import { Stack, Text, Title } from '@mantine/core';
import { LEAVE_MESSAGES, type Leave } from '@campus/contract';
import { OpenedItem, useOpenedItem } from '../../../components/opened-item';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatDayRange } from '../../../lib/format';
import { useLeave, useMyLeave, useWithdrawLeave } from '../api';
import { LeaveCard, leaveCardId } from '../components/leave-card';
import { LeaveForm } from '../components/leave-form';

/** Brings a leave's card into view and moves the focus to it. */
function showCard(leave: Leave) {
  const card = document.getElementById(leaveCardId(leave));
  card?.scrollIntoView({ block: 'center' });
  card?.focus({ preventScroll: true });
}

/** The leave a notification opened (`?leave=…`), first on the screen. */
function OpenedLeave({
  onWithdraw,
  withdrawing,
}: {
  onWithdraw: (leave: Leave) => void;
  withdrawing: (leave: Leave) => boolean;
}) {
  const opened = useOpenedItem('leave');
  const leave = useLeave(opened.id);
  if (opened.id === null) return null;
  return (
    <OpenedItem
      title="The leave you were told of"
      gone="This leave application is no longer there."
      read={leave}
      onClose={opened.close}
    >
      {leave.data && (
        <LeaveCard leave={leave.data} onWithdraw={onWithdraw} withdrawing={withdrawing(leave.data)} />
      )}
    </OpenedItem>
  );
}

export function StudentLeavePage() {
  const mine = useMyLeave();
  const withdraw = useWithdrawLeave();
  const onWithdraw = (leave: Leave) =>
    withdraw.mutate(leave._id, {
      onSuccess: () => showOutcome({ ok: true, message: LEAVE_MESSAGES.withdrawn }),
      onError: (error) =>
        showOutcome({
          ok: false,
          title: `Could not withdraw your leave for ${formatDayRange(leave.from, leave.to)}`,
          message: failureDetail(error),
        }),
    });
  let list;
  if (mine.isPending) list = <LoadingState label="Loading leave..." />;
  else if (mine.isError)
    list = <LoadFailedState title="Could not load your leave." onRetry={() => void mine.refetch()} />;
  else if (mine.data.length === 0)
    list = (
      <EmptyState hint="Leave you apply for waits here until your mentor decides.">
        {LEAVE_MESSAGES.noLeave}
      </EmptyState>
    );
  else
    list = (
      <Stack gap="sm">
        {mine.data.map((leave) => (
          <LeaveCard
            key={leave._id}
            leave={leave}
            onWithdraw={onWithdraw}
            withdrawing={withdraw.isPending && withdraw.variables === leave._id}
          />
        ))}
      </Stack>
    );
  return (
    <Stack>
      <PageTitle>Leave</PageTitle>
      <OpenedLeave
        onWithdraw={onWithdraw}
        withdrawing={(leave) => withdraw.isPending && withdraw.variables === leave._id}
      />
      <Text c="dimmed" size="sm">
        Approved leave marks you On leave in attendance for its days.
      </Text>
      <LeaveForm onView={showCard} />
      <Title order={2} size="h3">
        Your leave
      </Title>
      {list}
    </Stack>
  );
}
