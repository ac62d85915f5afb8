/**
 * Teacher gate pass (SPEC §2, §4): the requests as a work list to decide one by one or many at once,
 * filtered to a group or to the teacher's mentees, with time to undo; the decided passes beside them.
 */
import { Button, Group, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import '../../../components/bulk-bar.css';
import {
  GATE_PASS_SORTS,
  type BulkGatePassResult,
  type GatePass,
  type GatePassSort,
  type GatePassStatus,
} from '@campus/contract';
import { OpenedItem, useOpenedItem } from '../../../components/opened-item';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { CountedTab, WorkListFilters, useWorkListUrl } from '../../../components/work-list-filters';
import { showOutcome } from '../../../components/toast';
import { Pager } from '../../../components/pager';
import { ApiError } from '../../../lib/api-client';
import { whatToDo } from '../../../lib/failure';
import { useCurrentUser } from '../../../lib/current-user';
import { useLoggedError } from '../../../lib/logger';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { useGatePass, useWorkList, type DecisionBatch, type WorkListFilter } from '../api';
import { RejectDialog } from '../components/reject-dialog';
import { WorkListTable, type SortState } from '../components/work-list-table';
import { UNDO_WINDOW_MS, type HeldDecision } from '../../../components/held-decisions';
import { useDelayedDecisions } from '../hooks/use-delayed-decisions';
import { useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import { useCampusToday } from '../../timetable/campus-now';
import { said } from '../../../i18n/said';

/** Each tab's label is `gatepass.tabs.<status>`. */
const TABS: { status: GatePassStatus }[] = [
  { status: 'pending' },
  { status: 'approved' },
  { status: 'rejected' },
];

const STATUSES = TABS.map((tab) => tab.status);

function statusOf(value: string | null): GatePassStatus {
  return value === 'approved' || value === 'rejected' ? value : 'pending';
}

/** The §8 words of a failed decision, then what to do about it. */
function decisionFailure(t: TeacherWords, error: Error): string {
  const words =
    error instanceof ApiError && error.serverMessage
      ? t('gatepass.updateErrorPrefix') + said(t, error.serverMessage)
      : t('gatepass.updateFailed');
  return `${words}\n${whatToDo(error)}`;
}

/** Whose passes a failed decision was for: "Could not approve Kavya Chopra's pass". */
function decisionFailureTitle(t: TeacherWords, batch: DecisionBatch): string {
  const [only] = batch.passes;
  return batch.passes.length === 1 && only
    ? t(`gatepass.failedOne.${batch.decision}`, { name: only.name })
    : t(`gatepass.failedMany.${batch.decision}`, { count: batch.passes.length });
}

/** Words for each asked pass that this decision did not change. */
function unchanged(t: TeacherWords, batch: DecisionBatch, results: BulkGatePassResult[]): string[] {
  const byId = new Map(batch.passes.map((p) => [p._id, p]));
  return results.flatMap((result) => {
    const pass = byId.get(result.gatepassId);
    const who = pass ? `${pass.name} (${pass.rollNo})` : t('gatepass.aPass');
    if (result.outcome === 'already-decided') {
      return [t(`gatepass.alreadyDecided.${result.status ?? 'decided'}`, { who })];
    }
    if (result.outcome === 'closed') return [t('gatepass.closedOnItsOwn', { who })];
    if (result.outcome === 'not-found') return [t('gatepass.notFound', { who })];
    return [];
  });
}

interface TabView {
  sort: SortState;
  page: number;
}
const FIRST_VIEW: TabView = { sort: { sort: 'createdAt', order: 'desc' }, page: 0 };

function StatusPanel({
  status,
  label,
  list,
  view,
  onSort,
  onPage,
  today,
  held,
  selected,
  onSelect,
  onApprove,
  onReject,
}: {
  status: GatePassStatus;
  label: string;
  list: ReturnType<typeof useWorkList>;
  view: TabView;
  onSort: (column: GatePassSort) => void;
  onPage: (page: number) => void;
  today: string;
  held?: ReadonlyMap<string, HeldDecision>;
  selected?: ReadonlySet<string>;
  onSelect?: (ids: string[], on: boolean) => void;
  onApprove?: (pass: GatePass) => void;
  onReject?: (pass: GatePass) => void;
}) {
  const { t } = useTeacherWords();
  useLoggedError(list.error, `Could not load ${status} gate passes`);
  if (list.isPending) return <LoadingState label={t('gatepass.loading')} />;
  if (list.isError) {
    return <LoadFailedState title={t('gatepass.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  const { passes, total, offset } = list.data;
  if (passes.length === 0 && offset === 0) return <EmptyState>{t('gatepass.none')}</EmptyState>;
  return (
    <>
      <WorkListTable
        status={status}
        passes={passes}
        label={label}
        sortState={view.sort}
        onSort={onSort}
        today={today}
        {...(held ? { held } : {})}
        {...(selected ? { selected } : {})}
        {...(onSelect ? { onSelect } : {})}
        {...(onApprove ? { onApprove } : {})}
        {...(onReject ? { onReject } : {})}
      />
      <Pager
        page={view.page}
        offset={offset}
        shown={passes.length}
        total={total}
        hasMore={offset + passes.length < total}
        onChange={onPage}
        label={label}
      />
    </>
  );
}

/** The pass a notification opened (`?pass=…`), above the lists: decided here while it is pending. */
function OpenedPass({
  today,
  held,
  onApprove,
  onReject,
}: {
  today: string;
  held: ReadonlyMap<string, HeldDecision>;
  onApprove: (pass: GatePass) => void;
  onReject: (pass: GatePass) => void;
}) {
  const { t } = useTeacherWords();
  const opened = useOpenedItem('gatepass');
  const pass = useGatePass(opened.id);
  if (opened.id === null) return null;
  return (
    <OpenedItem
      title={t('gatepass.openedTitle')}
      gone={t('gatepass.openedGone')}
      read={pass}
      onClose={opened.close}
    >
      {pass.data && (
        <WorkListTable
          status={pass.data.approvedStatus}
          passes={[pass.data]}
          label={t('gatepass.openedTitle')}
          sortState={FIRST_VIEW.sort}
          onSort={() => undefined}
          today={today}
          held={held}
          onApprove={onApprove}
          onReject={onReject}
        />
      )}
    </OpenedItem>
  );
}

export function TeacherGatepassPage({ undoWindowMs = UNDO_WINDOW_MS }: { undoWindowMs?: number }) {
  const { t } = useTeacherWords();
  const user = useCurrentUser();
  const mentored = useMentoredGroups(user.teacherId);
  const today = useCampusToday({ steady: true });
  // The tab, filters, sort and page live in the address: a reload keeps them and a link shares them.
  const url = useWorkListUrl({ tabs: STATUSES, sorts: GATE_PASS_SORTS, mentored: mentored.data });
  const { tab, group, mine, setTab, setGroup, setMine } = url;
  // Every tab is loaded (for its count); the one on show takes its view from the address.
  const urlView: TabView = {
    sort: { sort: url.view.sort.key, order: url.view.sort.order },
    page: url.view.page,
  };
  const views: Record<GatePassStatus, TabView> = {
    pending: tab === 'pending' ? urlView : FIRST_VIEW,
    approved: tab === 'approved' ? urlView : FIRST_VIEW,
    rejected: tab === 'rejected' ? urlView : FIRST_VIEW,
  };
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<GatePass[] | null>(null);

  const filterOf = (status: GatePassStatus): WorkListFilter => ({
    group,
    mine,
    sort: views[status].sort.sort,
    order: views[status].sort.order,
    page: views[status].page,
  });
  const lists = {
    pending: useWorkList('pending', filterOf('pending')),
    approved: useWorkList('approved', filterOf('approved')),
    rejected: useWorkList('rejected', filterOf('rejected')),
  };

  const { held, decide } = useDelayedDecisions({
    windowMs: undoWindowMs,
    onSent: (batch, results) => {
      const words = unchanged(t, batch, results);
      if (words.length > 0) {
        showOutcome({ ok: false, title: t('gatepass.someNotChanged'), message: words.join('\n') });
      }
    },
    onFailed: (batch, error) =>
      showOutcome({ ok: false, title: decisionFailureTitle(t, batch), message: decisionFailure(t, error) }),
  });

  const resetSelection = () => setSelected(new Set());
  const changeFilter = (apply: () => void) => {
    apply();
    resetSelection();
  };
  const pendingPasses = lists.pending.data?.passes ?? [];
  const chosen = pendingPasses.filter((p) => selected.has(p._id) && !held.has(p._id));

  const start = (passes: GatePass[], decision: DecisionBatch['decision'], rejectReason?: string) => {
    if (passes.length === 0) return;
    const batch: DecisionBatch = { passes, decision, ...(rejectReason?.trim() ? { rejectReason } : {}) };
    // The decided rows leave the selection for good: Undo gives them back to decide, unticked, so the
    // bar's count is always what is ticked.
    setSelected((before) => new Set([...before].filter((id) => !passes.some((p) => p._id === id))));
    decide(batch);
  };

  return (
    <>
      <PageTitle>{t('gatepass.title')}</PageTitle>
      <OpenedPass
        today={today}
        held={held}
        onApprove={(pass) => start([pass], 'approved')}
        onReject={(pass) => setRejecting([pass])}
      />
      <WorkListFilters
        groups={mentored.data ?? []}
        group={group}
        onGroup={(value) => changeFilter(() => setGroup(value))}
        mine={mine}
        onMine={(on) => changeFilter(() => setMine(on))}
      />
      <Tabs value={tab} onChange={(value) => value && setTab(statusOf(value))}>
        <Tabs.List mb="md">
          {TABS.map(({ status }) => (
            <CountedTab
              key={status}
              value={status}
              label={t(`gatepass.tabs.${status}`)}
              total={lists[status].data?.total}
            />
          ))}
        </Tabs.List>
        <Tabs.Panel value="pending">
          <Group
            gap="sm"
            mb="sm"
            wrap="wrap"
            role="toolbar"
            aria-label={t('gatepass.selectedBar')}
            className={chosen.length > 0 ? 'bulk-bar bulk-bar-fixed' : 'bulk-bar'}
          >
            <Text size="sm" aria-live="polite" fw={chosen.length > 0 ? 600 : undefined}>
              {t('gatepass.selected', { count: chosen.length })}
            </Text>
            <Button
              size="xs"
              color="teal.9"
              disabled={chosen.length === 0}
              onClick={() => start(chosen, 'approved')}
            >
              {t('gatepass.approveSelected')}
            </Button>
            <Button
              size="xs"
              color="red.9"
              variant="outline"
              disabled={chosen.length === 0}
              onClick={() => setRejecting(chosen)}
            >
              {t('gatepass.rejectSelected')}
            </Button>
          </Group>
          <StatusPanel
            status="pending"
            label={t('gatepass.requestsLabel')}
            list={lists.pending}
            view={views.pending}
            onSort={(column) => {
              resetSelection();
              url.sortBy(column);
            }}
            onPage={(page) => {
              resetSelection();
              url.setPage(page);
            }}
            today={today}
            held={held}
            selected={selected}
            onSelect={(ids, on) =>
              setSelected((before) => {
                const after = new Set(before);
                for (const id of ids) {
                  if (on) after.add(id);
                  else after.delete(id);
                }
                return after;
              })
            }
            onApprove={(pass) => start([pass], 'approved')}
            onReject={(pass) => setRejecting([pass])}
          />
        </Tabs.Panel>
        {TABS.slice(1).map(({ status }) => (
          <Tabs.Panel key={status} value={status}>
            <StatusPanel
              status={status}
              label={t(`gatepass.tabs.${status}`)}
              list={lists[status]}
              view={views[status]}
              onSort={url.sortBy}
              onPage={url.setPage}
              today={today}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <RejectDialog
        passes={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(passes, rejectReason) => start(passes, 'rejected', rejectReason)}
      />
    </>
  );
}
