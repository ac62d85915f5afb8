/** Student leave: apply for leave over a range of days, and follow each application; withdraw a pending one. */
import { Stack, Text, Title } from '@mantine/core';
import { LEAVE_MESSAGES, type Leave } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatDayRange } from '../../../lib/format';
import { useMyLeave, useWithdrawLeave } from '../api';
import { LeaveCard, leaveCardId } from '../components/leave-card';
import { LeaveForm } from '../components/leave-form';

/** Brings a leave's card into view and moves the focus to it. */
function showCard(leave: Leave) {
  const card = document.getElementById(leaveCardId(leave));
  card?.scrollIntoView({ block: 'center' });
  card?.focus({ preventScroll: true });
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
