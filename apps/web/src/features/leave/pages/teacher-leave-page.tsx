/**
 * Teacher leave: the mentees' leave applications as a work list, newest applied first and a page of 50
 * at a time like the other work lists, to approve or reject (with a reason the student sees); the
 * decided ones beside them. Admins see every group's.
 */
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { LEAVE_MESSAGES, LEAVE_REJECT_REASON_MAX, type Leave, type LeaveStatus } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { showOutcome } from '../../../components/toast';
import { CountedTab } from '../../../components/work-list-filters';
import { useCurrentUser } from '../../../lib/current-user';
import { failureDetail } from '../../../lib/failure';
import { formatDayRange } from '../../../lib/format';
import { useDecideLeave, useStaffLeave } from '../api';
import { AttachmentButton } from '../components/attachment-button';
import { AttendanceSettingsPanel } from '../components/attendance-settings';
import { oneOf, pageFrom, pageParam, useUrlState } from '../../../lib/url-state';

type StaffStatus = 'pending' | 'approved' | 'rejected';
const TABS: { status: StaffStatus; label: string }[] = [
  { status: 'pending', label: 'Leave Requests' },
  { status: 'approved', label: 'Approved Leave' },
  { status: 'rejected', label: 'Rejected Leave' },
];
const STATUSES = TABS.map((t) => t.status);

const range = (l: Leave) => formatDayRange(l.from, l.to);

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
  onApprove,
  onReject,
  busy,
}: {
  status: LeaveStatus;
  label: string;
  list: ReturnType<typeof useStaffLeave>;
  page: number;
  onPage: (page: number) => void;
  onApprove: (leave: Leave) => void;
  onReject: (leave: Leave) => void;
  busy: string | null;
}) {
  if (list.isPending) return <LoadingState label="Loading leave..." />;
  if (list.isError)
    return <LoadFailedState title="Could not load leave." onRetry={() => void list.refetch()} />;
  const { items, offset, total, hasMore } = list.data;
  if (items.length === 0 && offset === 0) return <EmptyState>{LEAVE_MESSAGES.noRequests}</EmptyState>;
  const columns: Column<Leave>[] = [
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
    { header: 'Days', cell: (l) => `${range(l)} (${l.days} ${l.days === 1 ? 'day' : 'days'})`, nowrap: true },
    { header: 'Reason', cell: (l) => l.reason, breakAnywhere: true, minWidth: 160 },
    {
      header: 'Attachment',
      cell: (l) => (l.attachment ? <AttachmentButton leave={l} compact /> : <Text c="dimmed">None</Text>),
    },
    ...(status === 'pending'
      ? [
          {
            header: 'Decision',
            cell: (l: Leave) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="compact-sm"
                  color="teal.9"
                  loading={busy === l._id}
                  aria-label={`Approve the leave of ${l.name}`}
                  onClick={() => onApprove(l)}
                >
                  Approve
                </Button>
                <Button
                  size="compact-sm"
                  variant="outline"
                  color="red.9"
                  disabled={busy === l._id}
                  aria-label={`Reject the leave of ${l.name}`}
                  onClick={() => onReject(l)}
                >
                  Reject
                </Button>
              </Group>
            ),
          } satisfies Column<Leave>,
        ]
      : [
          { header: 'Decided by', cell: (l: Leave) => l.decidedBy ?? '' } satisfies Column<Leave>,
          ...(status === 'rejected'
            ? [
                {
                  header: 'Reason for rejection',
                  cell: (l: Leave) => l.rejectReason ?? '',
                } satisfies Column<Leave>,
              ]
            : []),
        ]),
  ];
  return (
    <>
      <DataTable
        caption={label}
        hideCaption
        columns={columns}
        rows={items}
        rowKey={(l) => l._id}
        minWidth={720}
        dense
        stackOnPhone
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

export function TeacherLeavePage() {
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
  const decide = useDecideLeave();
  const busy = decide.isPending ? (decide.variables?.id ?? null) : null;
  const run = (leave: Leave, decision: 'approved' | 'rejected', rejectReason?: string) =>
    decide.mutate(
      { id: leave._id, decision, ...(rejectReason ? { rejectReason } : {}) },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message:
              decision === 'approved'
                ? `Leave of ${leave.name} approved: On leave in attendance for ${range(leave)}.`
                : `Leave of ${leave.name} rejected: ${rejectReason ?? ''}`,
            action: { label: 'View', onClick: () => setTab(decision) },
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: `Could not ${decision === 'approved' ? 'approve' : 'reject'} ${leave.name}'s leave`,
            message: failureDetail(error),
          }),
      },
    );
  return (
    <Stack>
      <PageTitle>Leave</PageTitle>
      <Text c="dimmed" size="sm">
        {admin ? 'Every group’s leave.' : 'Your mentees’ leave.'} Approved leave marks the student On leave on
        the attendance roster for its days.
      </Text>
      {admin && <AttendanceSettingsPanel />}
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
              onApprove={(l) => run(l, 'approved')}
              onReject={setRejecting}
              busy={busy}
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
