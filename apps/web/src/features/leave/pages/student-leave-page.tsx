/** Student leave: apply for leave over a range of days, and follow each application; withdraw a pending one. */
import { Stack, Text, Title } from '@mantine/core';
import type { Leave } from '@campus/contract';
import { OpenedItem, useOpenedItem } from '../../../components/opened-item';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { useDayRange, useStudentWords } from '../../../i18n/student';
import { failureDetail } from '../../../lib/failure';
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
  const { t } = useStudentWords();
  const opened = useOpenedItem('leave');
  const leave = useLeave(opened.id);
  if (opened.id === null) return null;
  return (
    <OpenedItem
      title={t('leave.openedTitle')}
      gone={t('leave.openedGone')}
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
  const { t } = useStudentWords();
  const dayRange = useDayRange();
  const mine = useMyLeave();
  const withdraw = useWithdrawLeave();
  const onWithdraw = (leave: Leave) =>
    withdraw.mutate(leave._id, {
      onSuccess: () => showOutcome({ ok: true, message: t('leave.withdrawn') }),
      onError: (error) =>
        showOutcome({
          ok: false,
          title: t('leave.withdrawFailed', { days: dayRange(leave.from, leave.to) }),
          message: failureDetail(error),
        }),
    });
  let list;
  if (mine.isPending) list = <LoadingState label={t('leave.loading')} />;
  else if (mine.isError)
    list = <LoadFailedState title={t('leave.loadFailed')} onRetry={() => void mine.refetch()} />;
  else if (mine.data.length === 0)
    list = <EmptyState hint={t('leave.emptyHint')}>{t('leave.empty')}</EmptyState>;
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
      <PageTitle>{t('leave.title')}</PageTitle>
      <OpenedLeave
        onWithdraw={onWithdraw}
        withdrawing={(leave) => withdraw.isPending && withdraw.variables === leave._id}
      />
      <Text c="dimmed" size="sm">
        {t('leave.intro')}
      </Text>
      <LeaveForm onView={showCard} />
      <Title order={2} size="h3">
        {t('leave.yours')}
      </Title>
      {list}
    </Stack>
  );
}
