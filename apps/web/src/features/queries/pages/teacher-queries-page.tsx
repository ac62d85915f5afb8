/**
 * Teacher Manage Queries: answer unsolved queries (an answered one moves to Solved, SPEC §2, §4), and
 * hide spam from both boards.
 */
import { Button, Group, Tabs } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES, type Query } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { serverMessageOr } from '../../../lib/api-client';
import { showOutcome } from '../../../components/toast';
import { useSetQueryHidden, useSolvedQueries, useUnsolvedQueries } from '../api';
import { HideQueryDialog } from '../components/hide-query-dialog';
import { QueryList } from '../components/query-list';
import { SolutionForm } from '../components/solution-form';

function HideButton({ query, onHide }: { query: Query; onHide: (query: Query) => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="outline" color="red.9" size="xs" onClick={() => onHide(query)}>
        Hide as spam
      </Button>
    </Group>
  );
}

function UnsolvedQueries({ onSolved, onHide }: { onSolved: () => void; onHide: (query: Query) => void }) {
  const queries = useUnsolvedQueries();
  return (
    <QueryList
      queries={queries.data}
      isLoading={queries.isLoading}
      error={queries.error}
      onRetry={() => void queries.refetch()}
      empty={MESSAGES.query.none}
      context="Could not load unsolved queries"
      renderExtra={(query) => (
        <>
          <SolutionForm query={query} onSolved={onSolved} />
          <HideButton query={query} onHide={onHide} />
        </>
      )}
    />
  );
}

function SolvedQueries({ onHide }: { onHide: (query: Query) => void }) {
  const queries = useSolvedQueries();
  return (
    <QueryList
      queries={queries.data}
      isLoading={queries.isLoading}
      error={queries.error}
      onRetry={() => void queries.refetch()}
      empty={MESSAGES.query.none}
      context="Could not load solved queries"
      renderExtra={(query) => <HideButton query={query} onHide={onHide} />}
    />
  );
}

export function TeacherQueriesPage() {
  const [hiding, setHiding] = useState<Query | null>(null);
  const show = useSetQueryHidden();

  const undo = (query: Query) =>
    show.mutate(
      { queryId: query._id, hidden: false },
      {
        onSuccess: () => showOutcome({ ok: true, message: `“${query.topic}” is on the board again.` }),
        onError: (err) =>
          showOutcome({
            ok: false,
            message: serverMessageOr(err, 'Could not show the query again. Please try again.'),
          }),
      },
    );

  return (
    <>
      <PageTitle>Manage Queries</PageTitle>
      <Tabs defaultValue="unsolved">
        <Tabs.List mb="md">
          <Tabs.Tab value="unsolved">Unsolved Queries</Tabs.Tab>
          <Tabs.Tab value="solved">Solved Queries</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unsolved">
          <UnsolvedQueries
            onSolved={() => showOutcome({ ok: true, message: MESSAGES.solution.updated })}
            onHide={setHiding}
          />
        </Tabs.Panel>
        <Tabs.Panel value="solved">
          <SolvedQueries onHide={setHiding} />
        </Tabs.Panel>
      </Tabs>
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
