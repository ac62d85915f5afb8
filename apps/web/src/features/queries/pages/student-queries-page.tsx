/**
 * Student queries: browse the board, follow your own, write a query, read solved ones (SPEC §2). Every
 * list is paged on the server: a campus has thousands of queries.
 */
import { Button, Group, Stack, Tabs, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MESSAGES, type SimilarQuery } from '@campus/contract';
import { OpenedItem, useOpenedItem } from '../../../components/opened-item';
import { LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { Segmented } from '../../../components/segmented';
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
const SHOW_CHOICES: { value: Show; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'solved', label: 'Solved' },
  { value: 'unsolved', label: 'Unsolved' },
];

/** The next step from an empty list of queries: write one. */
function WriteQueryButton({ onWrite }: { onWrite: () => void }) {
  return (
    <Button variant="default" onClick={onWrite}>
      Write a query
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
  const board = useBoardFilter(url);
  const queries = useBoard(solved, board.filter);
  const label = solved ? 'Solved queries' : 'Queries';
  const searching = board.filter.search !== '' || board.filter.tag !== '';
  return (
    <Stack>
      <Group align="flex-end" gap="sm" role="search" aria-label={`Search ${label.toLowerCase()}`}>
        <TextInput
          label="Search"
          description="Words in the topic, tags or description"
          type="search"
          value={board.search}
          maxLength={100}
          w={280}
          onChange={(e) => board.setSearch(e.currentTarget.value)}
        />
        <TextInput
          label="Tag"
          description="One whole tag"
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
        empty={searching ? 'No queries match your search.' : empty}
        emptyHint={searching ? 'The search looks for whole words, or their beginnings.' : emptyHint}
        emptyAction={
          searching ? (
            <Button variant="default" onClick={board.clear}>
              Clear search
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
          label={label}
        />
      )}
    </Stack>
  );
}

const SOLVED_OF: Record<Show, boolean | null> = { all: null, solved: true, unsolved: false };

/** Your own queries: all, or the solved or unsolved ones only (`?show=solved`), a page at a time. */
function YourQueries({ url, onWrite }: { url: UrlState; onWrite: () => void }) {
  const { RollNo } = useCurrentUser();
  const show = oneOf(url.params.get('show'), SHOWS, 'all');
  const page = pageFrom(url.params.get('page'));
  const setShow = (next: Show) => url.change({ show: next === 'all' ? null : next, page: null });
  const queries = useQueriesByRollNo(RollNo, { solved: SOLVED_OF[show], page });
  return (
    <Stack>
      <Segmented
        label="Show"
        data={SHOW_CHOICES}
        value={show}
        onChange={setShow}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryList
        queries={queries.data?.items}
        isLoading={queries.isPending && RollNo !== undefined}
        error={queries.error}
        onRetry={() => void queries.refetch()}
        empty={MESSAGES.query.noneForFilter}
        emptyHint={
          show === 'all'
            ? 'Queries you write show here, and you are told when a teacher answers one.'
            : undefined
        }
        emptyAction={
          show === 'all' ? (
            <WriteQueryButton onWrite={onWrite} />
          ) : (
            <Button variant="default" onClick={() => setShow('all')}>
              Show all your queries
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
          label="Your queries"
        />
      )}
    </Stack>
  );
}

/** The query a notification opened (`?query=…`), with its answer, first on the screen. */
function OpenedQuery() {
  const opened = useOpenedItem('query');
  const query = useOneQuery(opened.id);
  if (opened.id === null) return null;
  return (
    <OpenedItem
      title="The query you were told of"
      gone="This query is no longer there."
      read={query}
      onClose={opened.close}
    >
      {query.data && <QueryCard query={query.data} />}
    </OpenedItem>
  );
}

export function StudentQueriesPage() {
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
      <PageTitle>Queries</PageTitle>
      <OpenedQuery />
      {/* The form keeps a draft while another tab is open; a list mounts when shown, reading the address. */}
      <Tabs
        value={tab}
        onChange={(value) => open(oneOf(value, TABS, 'unsolved'))}
        orientation={wide ? 'vertical' : 'horizontal'}
      >
        <Tabs.List mb="md" mr={wide ? 'md' : 0}>
          <Tabs.Tab value="unsolved">Queries</Tabs.Tab>
          <Tabs.Tab value="mine">Your Queries</Tabs.Tab>
          <Tabs.Tab value="write">Write Query</Tabs.Tab>
          <Tabs.Tab value="solved">Solved Queries</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unsolved">
          {tab === 'unsolved' && (
            <Board
              url={url}
              solved={false}
              empty={MESSAGES.query.noUnsolved}
              emptyHint="No question is waiting for an answer. Stuck on something? Ask it here."
              emptyAction={<WriteQueryButton onWrite={write} />}
              context="Could not load unsolved queries"
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="mine">{tab === 'mine' && <YourQueries url={url} onWrite={write} />}</Tabs.Panel>
        <Tabs.Panel value="write">
          {writing && (
            <Suspense fallback={<LoadingState label="Loading the form..." />}>
              <WriteQueryForm onOpenSimilar={openSimilar} onView={() => open('mine')} />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="solved">
          {tab === 'solved' && (
            <Board
              url={url}
              solved
              empty={MESSAGES.query.noSolved}
              emptyHint="Queries show here once a teacher has answered them."
              context="Could not load solved queries"
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
