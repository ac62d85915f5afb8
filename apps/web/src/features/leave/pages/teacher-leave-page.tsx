/**
 * Teacher leave: the mentees' leave applications as a work list, newest applied first and a page of 50
 * at a time like the other work lists, to approve or reject (with a reason the student sees) with time
 * to undo; the decided ones beside them. Admins see every group's.
 */
import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { LEAVE_MESSAGES, LEAVE_REJECT_REASON_MAX, type Leave, type LeaveStatus } from '@campus/contract';
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
import { LeaveWorkTable, leaveRange } from '../components/leave-work-table';
import { AttendanceSettingsPanel } from '../components/attendance-settings';
import { oneOf, pageFrom, pageParam, useUrlState } from '../../../lib/url-state';

type StaffStatus = 'pending' | 'approved' | 'rejected';
const TABS: { status: StaffStatus; label: string }[] = [
  { status: 'pending', label: 'Leave Requests' },
  { status: 'approved', label: 'Approved Leave' },
  { status: 'rejected', label: 'Rejected Leave' },
];
const STATUSES = TABS.map((t) => t.status);

/** The common reasons a mentor turns leave down for, one tap each in the reject dialog. */
export const COMMON_LEAVE_REJECT_REASONS = [
  'Exams or assessments on those days',
  'A medical note or letter is needed',
  'The reason given is not enough',
  'Please apply with more notice',
] as const;

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
  if (list.isPending) return <LoadingState label="Loading leave..." />;
  if (list.isError)
    return <LoadFailedState title="Could not load leave." onRetry={() => void list.refetch()} />;
  const { items, offset, total, hasMore } = list.data;
  if (items.length === 0 && offset === 0) return <EmptyState>{LEAVE_MESSAGES.noRequests}</EmptyState>;
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
  const opened = useOpenedItem('leave');
  const leave = useLeave(opened.id);
  if (opened.id === null) return null;
  return (
    <OpenedItem
      title="The leave you were told of"
      gone="This leave application is no longer there: its student may have withdrawn it."
      read={leave}
      onClose={opened.close}
    >
      {leave.data && (
        <LeaveWorkTable
          status={leave.data.status}
          label="The leave you were told of"
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
      `${decision === 'approved' ? 'Approved' : 'Rejected'} the leave of ${leave.name} (${leaveRange(leave)}).`,
    send: sendLeaveDecision,
    refresh: LEAVE_DECISION_REFRESHES,
    onSent: ({ leave, decision, rejectReason }) =>
      showOutcome({
        ok: true,
        message:
          decision === 'approved'
            ? `Leave of ${leave.name} approved: On leave in attendance for ${leaveRange(leave)}.`
            : `Leave of ${leave.name} rejected: ${rejectReason ?? ''}`,
        action: { label: 'View', onClick: () => setTab(decision) },
      }),
    onFailed: ({ leave, decision }, error) =>
      showOutcome({
        ok: false,
        title: `Could not ${decision === 'approved' ? 'approve' : 'reject'} ${leave.name}'s leave`,
        message: failureDetail(error),
      }),
  });
  const run = (leave: Leave, decision: 'approved' | 'rejected', rejectReason?: string) =>
    decide({ leave, decision, ...(rejectReason ? { rejectReason } : {}) });
  return (
    <Stack>
      <PageTitle>Leave</PageTitle>
      <Text c="dimmed" size="sm">
        {admin ? 'Every group’s leave.' : 'Your mentees’ leave.'} Approved leave marks the student On leave on
        the attendance roster for its days.
      </Text>
      {admin && <AttendanceSettingsPanel />}
      <OpenedLeave held={held} onApprove={(l) => run(l, 'approved')} onReject={setRejecting} />
      <Tabs value={tab} onChange={(value) => setTab(oneOf(value, STATUSES, 'pending'))} keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => (
            <CountedTab key={t.status} value={t.status} label={t.label} total={lists[t.status].data?.total} />
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.status} value={t.status} pt="md">
            <LeaveTable
              status={t.status}
              label={t.label}
              list={lists[t.status]}
              page={pageOf(t.status)}
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
        title={rejecting ? `Reject the leave of ${rejecting.name}` : ''}
        presets={COMMON_LEAVE_REJECT_REASONS}
        description="The student sees it with the decision."
        submitLabel="Reject leave"
        maxLength={LEAVE_REJECT_REASON_MAX}
        onReject={(reason) => rejecting && run(rejecting, 'rejected', reason)}
        onClose={() => setRejecting(null)}
      />
    </Stack>
  );
}
