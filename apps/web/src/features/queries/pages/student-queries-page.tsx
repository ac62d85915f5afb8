/** Student queries: browse the board, follow your own, write a query, read solved ones (SPEC §2). */
import { Button, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { MESSAGES } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { isSolved, useQueriesByRollNo, useSolvedQueries, useUnsolvedQueries } from '../api';
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

function UnsolvedBoard({ onWrite }: { onWrite: () => void }) {
  const queries = useUnsolvedQueries();
  return (
    <QueryList
      queries={queries.data}
      isLoading={queries.isLoading}
      error={queries.error}
      onRetry={() => void queries.refetch()}
      empty={MESSAGES.query.noUnsolved}
      emptyHint="No question is waiting for an answer. Stuck on something? Ask it here."
      emptyAction={<WriteQueryButton onWrite={onWrite} />}
      context="Could not load unsolved queries"
    />
  );
}

function YourQueries({ onWrite }: { onWrite: () => void }) {
  const { RollNo } = useCurrentUser();
  const queries = useQueriesByRollNo(RollNo);
  const [filter, setFilter] = useState<Filter>('All');
  const shown = queries.data?.filter((q) => filter === 'All' || (filter === 'Solved') === isSolved(q));
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
        queries={shown}
        isLoading={queries.isLoading}
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
    </Stack>
  );
}

function SolvedBoard() {
  const queries = useSolvedQueries();
  return (
    <QueryList
      queries={queries.data}
      isLoading={queries.isLoading}
      error={queries.error}
      onRetry={() => void queries.refetch()}
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
          <UnsolvedBoard onWrite={write} />
        </Tabs.Panel>
        <Tabs.Panel value="mine">
          <YourQueries onWrite={write} />
        </Tabs.Panel>
        <Tabs.Panel value="write">
          <WriteQueryForm />
        </Tabs.Panel>
        <Tabs.Panel value="solved">
          <SolvedBoard />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
