/**
 * Teacher leave: the mentees' leave applications as a work list, newest applied first and a page of 50
 * at a time like the other work lists, to approve or reject (with a reason the student sees) with time
 * to undo; the decided ones beside them. Admins see every group's.
 */
import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { LEAVE_REJECT_REASON_MAX, type Leave, type LeaveStatus } from '@campus/contract';
import { UNDO_WINDOW_MS, useHeldDecisions, type HeldDecision } from '../../../components/held-decisions';
import { OpenedItem, useOpenedItem } from '../../../components/opened-item';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { showOutcome } from '../../../components/toast';
import { CountedTab } from '../../../components/work-list-filters';
import { useCurrentUser } from '../../../lib/current-user';
import { failureDetail } from '../../../lib/failure';
import {
  LEAVE_DECISION_REFRESHES,
  sendLeaveDecision,
  useLeave,
  useStaffLeave,
  type LeaveDecisionBatch,
} from '../api';
import { LeaveWorkTable, useLeaveRange } from '../components/leave-work-table';
import { useTeacherWords } from '../../../i18n/teacher';
import enTeacher from '../../../i18n/locales/en/teacher.json';
import { AttendanceSettingsPanel } from '../components/attendance-settings';
import { oneOf, pageFrom, pageParam, useUrlState } from '../../../lib/url-state';

type StaffStatus = 'pending' | 'approved' | 'rejected';
/** Each tab's label is `leave.tabs.<status>`. */
const STATUSES: StaffStatus[] = ['pending', 'approved', 'rejected'];

/** The common reasons a mentor turns leave down for, one tap each in the reject dialog (`leave.reject.reasons.*`). */
const REASON_KEYS = Object.keys(enTeacher.leave.reject.reasons);
/** The common reasons in English. */
export const COMMON_LEAVE_REJECT_REASONS = Object.values(enTeacher.leave.reject.reasons);

function LeaveTable({
  status,
  label,
  list,
  page,
  onPage,
  held,
  onApprove,
  onReject,
}: {
  status: LeaveStatus;
  label: string;
  list: ReturnType<typeof useStaffLeave>;
  page: number;
  onPage: (page: number) => void;
  held: ReadonlyMap<string, HeldDecision>;
  onApprove: (leave: Leave) => void;
  onReject: (leave: Leave) => void;
}) {
  const { t } = useTeacherWords();
  if (list.isPending) return <LoadingState label={t('leave.loading')} />;
  if (list.isError)
    return <LoadFailedState title={t('leave.loadFailed')} onRetry={() => void list.refetch()} />;
  const { items, offset, total, hasMore } = list.data;
  if (items.length === 0 && offset === 0) return <EmptyState>{t('leave.none')}</EmptyState>;
  return (
    <>
      <LeaveWorkTable
        status={status}
        label={label}
        rows={items}
        held={held}
        onApprove={onApprove}
        onReject={onReject}
        busy={list.isFetching}
      />
      <Pager
        page={page}
        offset={offset}
        shown={items.length}
        total={total}
        hasMore={hasMore}
        onChange={onPage}
        label={label}
      />
    </>
  );
}

/** The leave a notification opened (`?leave=…`), above the lists: decided here while it is pending. */
function OpenedLeave({
  held,
  onApprove,
  onReject,
}: {
  held: ReadonlyMap<string, HeldDecision>;
  onApprove: (leave: Leave) => void;
  onReject: (leave: Leave) => void;
}) {
  const { t } = useTeacherWords();
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
        <LeaveWorkTable
          status={leave.data.status}
          label={t('leave.openedTitle')}
          rows={[leave.data]}
          held={held}
          onApprove={onApprove}
          onReject={onReject}
        />
      )}
    </OpenedItem>
  );
}

export function TeacherLeavePage({ undoWindowMs = UNDO_WINDOW_MS }: { undoWindowMs?: number }) {
  const { t } = useTeacherWords();
  const leaveRange = useLeaveRange();
  const admin = useCurrentUser().role === 'admin';
  // The tab and its page live in the address (`?tab=approved&page=2`): a reload keeps them and a link
  // shares them. Another tab opens on its first page.
  const { params, change } = useUrlState();
  const tab = oneOf(params.get('tab'), STATUSES, 'pending');
  const page = pageFrom(params.get('page'));
  const setTab = (value: StaffStatus) => change({ tab: value === 'pending' ? null : value, page: null });
  const pageOf = (status: StaffStatus) => (status === tab ? page : 0);
  // Every tab is loaded, for its count.
  const lists = {
    pending: useStaffLeave('pending', pageOf('pending')),
    approved: useStaffLeave('approved', pageOf('approved')),
    rejected: useStaffLeave('rejected', pageOf('rejected')),
  };
  const [rejecting, setRejecting] = useState<Leave | null>(null);
  // A decision waits a few seconds for Undo, as a gate pass's does, and is sent only then.
  const { held, decide } = useHeldDecisions<LeaveDecisionBatch, Leave>({
    windowMs: undoWindowMs,
    name: 'leave',
    idsOf: ({ leave }) => [leave._id],
    describe: ({ leave, decision }) =>
      t(`leave.held.${decision}`, { name: leave.name, range: leaveRange(leave) }),
    send: sendLeaveDecision,
    refresh: LEAVE_DECISION_REFRESHES,
    onSent: ({ leave, decision, rejectReason }) =>
      showOutcome({
        ok: true,
        message:
          decision === 'approved'
            ? t('leave.sentApproved', { name: leave.name, range: leaveRange(leave) })
            : t('leave.sentRejected', { name: leave.name, reason: rejectReason ?? '' }),
        action: { label: t('view'), onClick: () => setTab(decision) },
      }),
    onFailed: ({ leave, decision }, error) =>
      showOutcome({
        ok: false,
        title: t(`leave.failed.${decision}`, { name: leave.name }),
        message: failureDetail(error),
      }),
  });
  const run = (leave: Leave, decision: 'approved' | 'rejected', rejectReason?: string) =>
    decide({ leave, decision, ...(rejectReason ? { rejectReason } : {}) });
  return (
    <Stack>
      <PageTitle>{t('leave.title')}</PageTitle>
      <Text c="dimmed" size="sm">
        {t(admin ? 'leave.everyGroup' : 'leave.yourMentees')} {t('leave.intro')}
      </Text>
      {admin && <AttendanceSettingsPanel />}
      <OpenedLeave held={held} onApprove={(l) => run(l, 'approved')} onReject={setRejecting} />
      <Tabs value={tab} onChange={(value) => setTab(oneOf(value, STATUSES, 'pending'))} keepMounted={false}>
        <Tabs.List>
          {STATUSES.map((status) => (
            <CountedTab
              key={status}
              value={status}
              label={t(`leave.tabs.${status}`)}
              total={lists[status].data?.total}
            />
          ))}
        </Tabs.List>
        {STATUSES.map((status) => (
          <Tabs.Panel key={status} value={status} pt="md">
            <LeaveTable
              status={status}
              label={t(`leave.tabs.${status}`)}
              list={lists[status]}
              page={pageOf(status)}
              onPage={(next) => change({ page: pageParam(next) })}
              held={held}
              onApprove={(l) => run(l, 'approved')}
              onReject={setRejecting}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <RejectReasonDialog
        opened={rejecting !== null}
        title={rejecting ? t('leave.reject.title', { name: rejecting.name }) : ''}
        presets={REASON_KEYS.map((key) => t(`leave.reject.reasons.${key}`))}
        description={t('leave.reject.description')}
        submitLabel={t('leave.reject.submit')}
        maxLength={LEAVE_REJECT_REASON_MAX}
        onReject={(reason) => rejecting && run(rejecting, 'rejected', reason)}
        onClose={() => setRejecting(null)}
      />
    </Stack>
  );
}
