/**
 * Student queries: browse the board, follow your own, write a query, read solved ones (SPEC §2). Every
 * list is paged on the server: a campus has thousands of queries.
 */
import { Button, Group, Stack, Tabs, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { SimilarQuery } from '@campus/contract';
import { OpenedItem, useOpenedItem } from '../../../components/opened-item';
import { LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { Segmented } from '../../../components/segmented';
import { useStudentWords } from '../../../i18n/student';
import { useCurrentUser } from '../../../lib/current-user';
import { useLoadSoon } from '../../../lib/load-soon';
import { oneOf, pageFrom, pageParam, useUrlSearch, useUrlState, type UrlState } from '../../../lib/url-state';
import { useBoard, useOneQuery, useQueriesByRollNo } from '../api';
import { QueryCard } from '../components/query-card';
import { QueryList } from '../components/query-list';

/**
 * The ask form and what it checks input with (the contract's schemas) load apart from the boards:
 * a student who opens Queries reads a board first, and the form's code is fetched once the board
 * is up, or when its tab is opened.
 */
const loadWriteQueryForm = () => import('../components/write-query-form');
const WriteQueryForm = lazy(() => loadWriteQueryForm().then((m) => ({ default: m.WriteQueryForm })));
const TABS = ['unsolved', 'mine', 'write', 'solved'] as const;
type Tab = (typeof TABS)[number];
const SEARCH_DELAY_MS = 300;

/** Your Queries' filter, in the address as `?show=solved`; all, the default, is not named. */
const SHOWS = ['all', 'solved', 'unsolved'] as const;
type Show = (typeof SHOWS)[number];

/** The next step from an empty list of queries: write one. */
function WriteQueryButton({ onWrite }: { onWrite: () => void }) {
  const { t } = useStudentWords();
  return (
    <Button variant="default" onClick={onWrite}>
      {t('queries.writeOne')}
    </Button>
  );
}

/**
 * A board's search words (`?q=`), tag (`?tag=`) and page (`?page=2`), kept in the address; new words or
 * a new tag start the first page again.
 */
function useBoardFilter(url: UrlState) {
  const words = useUrlSearch(url, SEARCH_DELAY_MS);
  const tag = useUrlSearch(url, SEARCH_DELAY_MS, 'tag');
  return {
    search: words.text,
    setSearch: words.setText,
    tag: tag.text,
    setTag: tag.setText,
    filter: { search: words.search, tag: tag.search, page: pageFrom(url.params.get('page')) },
    setPage: (next: number) => url.change({ page: pageParam(next) }),
    clear: () => {
      words.setText('');
      tag.setText('');
      url.change({ q: null, tag: null, page: null });
    },
  };
}

/**
 * A board, unsolved or solved, one server page at a time ("1–20 of 4,012"), searched by words in
 * topic, tags and description (best matches first) and filtered by one tag.
 */
function Board({
  url,
  solved,
  empty,
  emptyHint,
  emptyAction,
  context,
}: {
  url: UrlState;
  solved: boolean;
  empty: string;
  emptyHint: string;
  emptyAction?: ReactNode;
  context: string;
}) {
  const { t } = useStudentWords();
  const board = useBoardFilter(url);
  const queries = useBoard(solved, board.filter);
  const which = solved ? 'solved' : 'unsolved';
  const searching = board.filter.search !== '' || board.filter.tag !== '';
  return (
    <Stack>
      <Group align="flex-end" gap="sm" role="search" aria-label={t(`queries.searchBoard.${which}`)}>
        <TextInput
          label={t('queries.search')}
          description={t('queries.searchHint')}
          type="search"
          value={board.search}
          maxLength={100}
          w={280}
          onChange={(e) => board.setSearch(e.currentTarget.value)}
        />
        <TextInput
          label={t('queries.tag')}
          description={t('queries.tagHint')}
          type="search"
          value={board.tag}
          maxLength={50}
          w={180}
          onChange={(e) => board.setTag(e.currentTarget.value)}
        />
      </Group>
      <QueryList
        queries={queries.data?.items}
        isLoading={queries.isPending}
        error={queries.error}
        onRetry={() => void queries.refetch()}
        empty={searching ? t('queries.noMatch') : empty}
        emptyHint={searching ? t('queries.noMatchHint') : emptyHint}
        emptyAction={
          searching ? (
            <Button variant="default" onClick={board.clear}>
              {t('queries.clear')}
            </Button>
          ) : (
            emptyAction
          )
        }
        context={context}
      />
      {queries.data && (
        <Pager
          page={board.filter.page}
          offset={queries.data.offset}
          shown={queries.data.items.length}
          total={queries.data.total}
          hasMore={queries.data.hasMore}
          onChange={board.setPage}
          label={t(`queries.board.${which}`)}
        />
      )}
    </Stack>
  );
}

const SOLVED_OF: Record<Show, boolean | null> = { all: null, solved: true, unsolved: false };

/** Your own queries: all, or the solved or unsolved ones only (`?show=solved`), a page at a time. */
function YourQueries({ url, onWrite }: { url: UrlState; onWrite: () => void }) {
  const { t } = useStudentWords();
  const { RollNo } = useCurrentUser();
  const show = oneOf(url.params.get('show'), SHOWS, 'all');
  const page = pageFrom(url.params.get('page'));
  const setShow = (next: Show) => url.change({ show: next === 'all' ? null : next, page: null });
  const queries = useQueriesByRollNo(RollNo, { solved: SOLVED_OF[show], page });
  return (
    <Stack>
      <Segmented
        label={t('queries.show')}
        data={SHOWS.map((value) => ({ value, label: t(`queries.shows.${value}`) }))}
        value={show}
        onChange={setShow}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryList
        queries={queries.data?.items}
        isLoading={queries.isPending && RollNo !== undefined}
        error={queries.error}
        onRetry={() => void queries.refetch()}
        empty={t('queries.noneForFilter')}
        emptyHint={show === 'all' ? t('queries.mineHint') : undefined}
        emptyAction={
          show === 'all' ? (
            <WriteQueryButton onWrite={onWrite} />
          ) : (
            <Button variant="default" onClick={() => setShow('all')}>
              {t('queries.showAll')}
            </Button>
          )
        }
        context="Could not load your queries"
      />
      {queries.data && (
        <Pager
          page={page}
          offset={queries.data.offset}
          shown={queries.data.items.length}
          total={queries.data.total}
          hasMore={queries.data.hasMore}
          onChange={(next) => url.change({ page: pageParam(next) })}
          label={t('queries.yours')}
        />
      )}
    </Stack>
  );
}

/** The query a notification opened (`?query=…`), with its answer, first on the screen. */
function OpenedQuery() {
  const { t } = useStudentWords();
  const opened = useOpenedItem('query');
  const query = useOneQuery(opened.id);
  if (opened.id === null) return null;
  return (
    <OpenedItem
      title={t('queries.openedTitle')}
      gone={t('queries.openedGone')}
      read={query}
      onClose={opened.close}
    >
      {query.data && <QueryCard query={query.data} />}
    </OpenedItem>
  );
}

export function StudentQueriesPage() {
  const { t } = useStudentWords();
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  // The tab and the view of its list live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const tab = oneOf(url.params.get('tab'), TABS, 'unsolved');
  // Another tab opens on its first view: the words, tag, filter and page of one list mean nothing to the next.
  const open = (next: Tab, search: string | null = null) =>
    url.change({ tab: next === 'unsolved' ? null : next, q: search, tag: null, show: null, page: null });
  const write = () => open('write');
  // A similar question opened from the ask form: its board, searched for its topic.
  const openSimilar = (query: SimilarQuery) => open(query.solved ? 'solved' : 'unsolved', query.topic);
  // The form mounts when its tab is first opened, then stays (hidden) so that it keeps a draft.
  const [writing, setWriting] = useState(tab === 'write');
  if (tab === 'write' && !writing) setWriting(true);
  // Fetched while the reader looks at a board, so that Write Query opens at once.
  useLoadSoon(loadWriteQueryForm);
  return (
    <>
      <PageTitle>{t('queries.title')}</PageTitle>
      <OpenedQuery />
      {/* The form keeps a draft while another tab is open; a list mounts when shown, reading the address. */}
      <Tabs
        value={tab}
        onChange={(value) => open(oneOf(value, TABS, 'unsolved'))}
        orientation={wide ? 'vertical' : 'horizontal'}
      >
        <Tabs.List mb="md" mr={wide ? 'md' : 0}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`queries.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="unsolved">
          {tab === 'unsolved' && (
            <Board
              url={url}
              solved={false}
              empty={t('queries.noUnsolved')}
              emptyHint={t('queries.unsolvedHint')}
              emptyAction={<WriteQueryButton onWrite={write} />}
              context="Could not load unsolved queries"
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="mine">{tab === 'mine' && <YourQueries url={url} onWrite={write} />}</Tabs.Panel>
        <Tabs.Panel value="write">
          {writing && (
            <Suspense fallback={<LoadingState label={t('queries.loadingForm')} />}>
              <WriteQueryForm onOpenSimilar={openSimilar} onView={() => open('mine')} />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="solved">
          {tab === 'solved' && (
            <Board
              url={url}
              solved
              empty={t('queries.noSolved')}
              emptyHint={t('queries.solvedHint')}
              context="Could not load solved queries"
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
