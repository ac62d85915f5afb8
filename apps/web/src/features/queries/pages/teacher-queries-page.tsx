/**
 * Teacher Manage Queries (SPEC §2, §4): the unsolved and solved queries as a work list, filtered to a
 * group or to the teacher's mentees and sorted; a query is answered in a dialog (an answered one moves
 * to Solved) and spam is hidden from both boards.
 */
import { Button, Tabs } from '@mantine/core';
import { useState } from 'react';
import { QUERY_SORTS, type Query, type QuerySort } from '@campus/contract';
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
import { useTeacherWords } from '../../../i18n/teacher';

type Board = 'unsolved' | 'solved';
/** Each board's label is `queries.tabs.<board>`. */
const BOARDS: Board[] = ['unsolved', 'solved'];

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
  const { t } = useTeacherWords();
  useLoggedError(list.error, `Could not load ${board} queries`);
  if (list.isPending) return <LoadingState label={t('queries.loading')} />;
  if (list.isError) {
    return <LoadFailedState title={t('queries.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  const { items: queries, total, offset, hasMore } = list.data;
  if (queries.length === 0 && offset === 0) {
    return (
      <EmptyState
        hint={
          filtered
            ? t('queries.hintFiltered')
            : board === 'unsolved'
              ? t('queries.hintUnsolved')
              : t('queries.hintSolved')
        }
        action={
          filtered ? (
            <Button variant="default" onClick={onShowEveryone}>
              {t('queries.showEveryone')}
            </Button>
          ) : undefined
        }
      >
        {t('queries.none')}
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
  const { t } = useTeacherWords();
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
        onSuccess: () => showOutcome({ ok: true, message: t('queries.backOnBoard', { topic: query.topic }) }),
        onError: (err) =>
          showOutcome({
            ok: false,
            title: t('queries.backFailed', { topic: query.topic }),
            message: failureDetail(err),
          }),
      },
    );

  return (
    <>
      <PageTitle>{t('queries.title')}</PageTitle>
      <WorkListFilters
        groups={mentored.data ?? []}
        group={group}
        onGroup={setGroup}
        mine={mine}
        onMine={setMine}
      />
      <Tabs value={tab} onChange={(value) => value && setTab(value as Board)}>
        <Tabs.List mb="md">
          {BOARDS.map((board) => (
            <CountedTab
              key={board}
              value={board}
              label={t(`queries.tabs.${board}`)}
              total={lists[board].data?.total}
            />
          ))}
        </Tabs.List>
        {BOARDS.map((board) => (
          <Tabs.Panel key={board} value={board}>
            <BoardPanel
              board={board}
              label={t(`queries.tabs.${board}`)}
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
            title: t('queries.solutionUpdated'),
            message: t('queries.answerPosted', { topic: query.topic }),
            action: { label: t('view'), onClick: () => setTab('solved') },
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
            message: t('queries.hiddenAsSpam', { topic: query.topic }),
            action: { label: t('undo'), onClick: () => undo(query) },
          });
        }}
      />
    </>
  );
}
