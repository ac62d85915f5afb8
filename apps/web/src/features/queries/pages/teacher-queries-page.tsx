/**
 * Teacher Manage Queries (SPEC §2, §4): the unsolved and solved queries as a work list, filtered to a
 * group or to the teacher's mentees and sorted; a query is answered in a dialog (an answered one moves
 * to Solved) and spam is hidden from both boards.
 */
import { Button, Tabs } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES, QUERY_SORTS, type Query, type QuerySort } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import {
  CountedTab,
  WorkListFilters,
  useWorkListUrl,
  type WorkListView,
} from '../../../components/work-list-filters';
import { Pager } from '../../../components/pager';
import { useCurrentUser } from '../../../lib/current-user';
import { failureDetail } from '../../../lib/failure';
import { useLoggedError } from '../../../lib/logger';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { showOutcome } from '../../../components/toast';
import { useQueryWorkList, useSetQueryHidden, type QueryWorkListFilter } from '../api';
import { AnswerQueryDialog } from '../components/answer-query-dialog';
import { HideQueryDialog } from '../components/hide-query-dialog';
import { QueryWorkListTable } from '../components/query-work-list-table';

type Board = 'unsolved' | 'solved';
const TABS: { board: Board; label: string }[] = [
  { board: 'unsolved', label: 'Unsolved Queries' },
  { board: 'solved', label: 'Solved Queries' },
];
const BOARDS = TABS.map((tab) => tab.board);

type BoardView = WorkListView<QuerySort>;
const FIRST_VIEW: BoardView = { sort: { key: 'createdAt', order: 'desc' }, page: 0 };

function BoardPanel({
  board,
  label,
  list,
  view,
  onSort,
  onPage,
  filtered,
  onShowEveryone,
  onAnswer,
  onHide,
}: {
  board: Board;
  label: string;
  list: ReturnType<typeof useQueryWorkList>;
  view: BoardView;
  onSort: (key: QuerySort) => void;
  onPage: (page: number) => void;
  /** Whether a group or the mentees filter narrows the list. */
  filtered: boolean;
  onShowEveryone: () => void;
  onAnswer: (query: Query) => void;
  onHide: (query: Query) => void;
}) {
  useLoggedError(list.error, `Could not load ${board} queries`);
  if (list.isPending) return <LoadingState label="Loading queries..." />;
  if (list.isError) {
    return <LoadFailedState title="Could not load queries." onRetry={() => void list.refetch()} />;
  }
  const { items: queries, total, offset, hasMore } = list.data;
  if (queries.length === 0 && offset === 0) {
    return (
      <EmptyState
        hint={
          filtered
            ? 'Only the queries of the chosen students are shown.'
            : board === 'unsolved'
              ? 'Every query has an answer. New ones show here the moment a student asks.'
              : 'Queries show here once a teacher has answered them.'
        }
        action={
          filtered ? (
            <Button variant="default" onClick={onShowEveryone}>
              Show every student’s queries
            </Button>
          ) : undefined
        }
      >
        {MESSAGES.query.none}
      </EmptyState>
    );
  }
  return (
    <>
      <QueryWorkListTable
        solved={board === 'solved'}
        queries={queries}
        label={label}
        sort={view.sort}
        onSort={onSort}
        onAnswer={onAnswer}
        onHide={onHide}
        busy={list.isFetching}
      />
      <Pager
        page={view.page}
        offset={offset}
        shown={queries.length}
        total={total}
        hasMore={hasMore}
        onChange={onPage}
        label={label}
      />
    </>
  );
}

export function TeacherQueriesPage() {
  const user = useCurrentUser();
  const mentored = useMentoredGroups(user.teacherId);
  // The tab, filters, sort and page live in the address: a reload keeps them and a link shares them.
  const { tab, group, mine, view, setTab, setGroup, setMine, sortBy, setPage, showEveryone } = useWorkListUrl(
    {
      tabs: BOARDS,
      sorts: QUERY_SORTS,
      mentored: mentored.data,
    },
  );
  const views: Record<Board, BoardView> = {
    unsolved: tab === 'unsolved' ? view : FIRST_VIEW,
    solved: tab === 'solved' ? view : FIRST_VIEW,
  };
  const [answering, setAnswering] = useState<Query | null>(null);
  const [hiding, setHiding] = useState<Query | null>(null);
  const show = useSetQueryHidden();

  const filterOf = (board: Board): QueryWorkListFilter => ({
    group,
    mine,
    sort: views[board].sort.key,
    order: views[board].sort.order,
    page: views[board].page,
  });
  const lists = {
    unsolved: useQueryWorkList(false, filterOf('unsolved')),
    solved: useQueryWorkList(true, filterOf('solved')),
  };

  const undo = (query: Query) =>
    show.mutate(
      { queryId: query._id, hidden: false },
      {
        onSuccess: () => showOutcome({ ok: true, message: `“${query.topic}” is on the board again.` }),
        onError: (err) =>
          showOutcome({
            ok: false,
            title: `Could not put “${query.topic}” back on the board`,
            message: failureDetail(err),
          }),
      },
    );

  return (
    <>
      <PageTitle>Manage Queries</PageTitle>
      <WorkListFilters
        groups={mentored.data ?? []}
        group={group}
        onGroup={setGroup}
        mine={mine}
        onMine={setMine}
      />
      <Tabs value={tab} onChange={(value) => value && setTab(value as Board)}>
        <Tabs.List mb="md">
          {TABS.map(({ board, label }) => (
            <CountedTab key={board} value={board} label={label} total={lists[board].data?.total} />
          ))}
        </Tabs.List>
        {TABS.map(({ board, label }) => (
          <Tabs.Panel key={board} value={board}>
            <BoardPanel
              board={board}
              label={label}
              list={lists[board]}
              view={views[board]}
              onSort={sortBy}
              onPage={setPage}
              filtered={group !== null || mine}
              onShowEveryone={showEveryone}
              onAnswer={setAnswering}
              onHide={setHiding}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <AnswerQueryDialog
        query={answering}
        onClose={() => setAnswering(null)}
        onSolved={(query) => {
          setAnswering(null);
          // Only unsolved queries are answered here, so this is the first answer; the §8 words lead.
          showOutcome({
            ok: true,
            title: MESSAGES.solution.updated,
            message: `Answer posted to “${query.topic}”: its first answer. The student can read it now.`,
            action: { label: 'View', onClick: () => setTab('solved') },
          });
        }}
      />
      <HideQueryDialog
        query={hiding}
        onClose={() => setHiding(null)}
        onHidden={(query) => {
          setHiding(null);
          showOutcome({
            ok: true,
            message: `“${query.topic}” was hidden as spam.`,
            action: { label: 'Undo', onClick: () => undo(query) },
          });
        }}
      />
    </>
  );
}
