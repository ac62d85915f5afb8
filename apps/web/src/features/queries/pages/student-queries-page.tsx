/**
 * Student queries: browse the board, follow your own, write a query, read solved ones (SPEC §2). Every
 * list is paged on the server: a campus has thousands of queries.
 */
import { Button, Group, SegmentedControl, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { MESSAGES, type SimilarQuery } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { useCurrentUser } from '../../../lib/current-user';
import { useBoard, useQueriesByRollNo } from '../api';
import { QueryList } from '../components/query-list';
import { WriteQueryForm } from '../components/write-query-form';

const FILTERS = ['All', 'Solved', 'Unsolved'] as const;
type Filter = (typeof FILTERS)[number];
const isFilter = (value: string): value is Filter => (FILTERS as readonly string[]).includes(value);

/** The next step from an empty list of queries: write one. */
function WriteQueryButton({ onWrite }: { onWrite: () => void }) {
  return (
    <Button variant="default" onClick={onWrite}>
      Write a query
    </Button>
  );
}

/** Search words and a tag, typed; a page number belongs to the search it was chosen for. */
function useBoardFilter(initialSearch = '') {
  const [search, setSearch] = useState(initialSearch);
  const [tag, setTag] = useState('');
  const [words] = useDebouncedValue(search.trim(), 300);
  const [wholeTag] = useDebouncedValue(tag.trim(), 300);
  const [paging, setPaging] = useState({ key: '', page: 0 });
  const key = `${words}\u0000${wholeTag}`;
  const page = paging.key === key ? paging.page : 0;
  return {
    search,
    setSearch,
    tag,
    setTag,
    filter: { search: words, tag: wholeTag, page },
    setPage: (next: number) => setPaging({ key, page: next }),
    clear: () => {
      setSearch('');
      setTag('');
    },
  };
}

/**
 * A board, unsolved or solved, one server page at a time ("1–20 of 4,012"), searched by words in
 * topic, tags and description (best matches first) and filtered by one tag.
 */
function Board({
  solved,
  empty,
  emptyHint,
  emptyAction,
  context,
  initialSearch,
}: {
  solved: boolean;
  empty: string;
  emptyHint: string;
  emptyAction?: ReactNode;
  context: string;
  /** Words to search for from the start (a similar question opened from the ask form). */
  initialSearch?: string | undefined;
}) {
  const board = useBoardFilter(initialSearch);
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

function UnsolvedBoard({ onWrite, initialSearch }: { onWrite: () => void; initialSearch?: string }) {
  return (
    <Board
      solved={false}
      initialSearch={initialSearch}
      empty={MESSAGES.query.noUnsolved}
      emptyHint="No question is waiting for an answer. Stuck on something? Ask it here."
      emptyAction={<WriteQueryButton onWrite={onWrite} />}
      context="Could not load unsolved queries"
    />
  );
}

const SOLVED_OF: Record<Filter, boolean | null> = { All: null, Solved: true, Unsolved: false };

function YourQueries({ onWrite }: { onWrite: () => void }) {
  const { RollNo } = useCurrentUser();
  const [paging, setPaging] = useState<{ filter: Filter; page: number }>({ filter: 'All', page: 0 });
  const { filter, page } = paging;
  const setFilter = (next: Filter) => setPaging({ filter: next, page: 0 });
  const queries = useQueriesByRollNo(RollNo, { solved: SOLVED_OF[filter], page });
  return (
    <Stack>
      <SegmentedControl
        aria-label="Show"
        data={[...FILTERS]}
        value={filter}
        onChange={(value) => isFilter(value) && setFilter(value)}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryList
        queries={queries.data?.items}
        isLoading={queries.isPending && RollNo !== undefined}
        error={queries.error}
        onRetry={() => void queries.refetch()}
        empty={MESSAGES.query.noneForFilter}
        emptyHint={
          filter === 'All'
            ? 'Queries you write show here, and you are told when a teacher answers one.'
            : undefined
        }
        emptyAction={
          filter === 'All' ? (
            <WriteQueryButton onWrite={onWrite} />
          ) : (
            <Button variant="default" onClick={() => setFilter('All')}>
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
          onChange={(next) => setPaging({ filter, page: next })}
          label="Your queries"
        />
      )}
    </Stack>
  );
}

function SolvedBoard({ initialSearch }: { initialSearch?: string }) {
  return (
    <Board
      solved
      initialSearch={initialSearch}
      empty={MESSAGES.query.noSolved}
      emptyHint="Queries show here once a teacher has answered them."
      context="Could not load solved queries"
    />
  );
}

export function StudentQueriesPage() {
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  const [tab, setTab] = useState<string | null>('unsolved');
  const write = () => setTab('write');
  // A similar question opened from the ask form: its board, searched for its topic (a new board each time).
  const [opened, setOpened] = useState<{ topic: string; solved: boolean; n: number } | null>(null);
  const openSimilar = (query: SimilarQuery) => {
    setOpened((o) => ({ topic: query.topic, solved: query.solved, n: (o?.n ?? 0) + 1 }));
    setTab(query.solved ? 'solved' : 'unsolved');
  };
  const seed = (solved: boolean) => (opened && opened.solved === solved ? opened : undefined);
  return (
    <>
      <PageTitle>Queries</PageTitle>
      <Tabs value={tab} onChange={setTab} orientation={wide ? 'vertical' : 'horizontal'}>
        <Tabs.List mb="md" mr={wide ? 'md' : 0}>
          <Tabs.Tab value="unsolved">Queries</Tabs.Tab>
          <Tabs.Tab value="mine">Your Queries</Tabs.Tab>
          <Tabs.Tab value="write">Write Query</Tabs.Tab>
          <Tabs.Tab value="solved">Solved Queries</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unsolved">
          <UnsolvedBoard key={seed(false)?.n ?? 0} onWrite={write} initialSearch={seed(false)?.topic} />
        </Tabs.Panel>
        <Tabs.Panel value="mine">
          <YourQueries onWrite={write} />
        </Tabs.Panel>
        <Tabs.Panel value="write">
          <WriteQueryForm onOpenSimilar={openSimilar} onView={() => setTab('mine')} />
        </Tabs.Panel>
        <Tabs.Panel value="solved">
          <SolvedBoard key={seed(true)?.n ?? 0} initialSearch={seed(true)?.topic} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
