/** Teacher Manage Queries: answer unsolved queries; an answered one moves to Solved (SPEC §2, §4). */
import { Alert, Tabs } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@campus/contract';
import { PageTitle } from '../../../components/page-title';
import { useSolvedQueries, useUnsolvedQueries } from '../api';
import { QueryList } from '../components/query-list';
import { SolutionForm } from '../components/solution-form';

function UnsolvedQueries({ onSolved }: { onSolved: () => void }) {
  const queries = useUnsolvedQueries();
  return (
    <QueryList
      queries={queries.data}
      isLoading={queries.isLoading}
      error={queries.error}
      onRetry={() => void queries.refetch()}
      empty={MESSAGES.query.none}
      context="Could not load unsolved queries"
      renderExtra={(query) => <SolutionForm query={query} onSolved={onSolved} />}
    />
  );
}

function SolvedQueries() {
  const queries = useSolvedQueries();
  return (
    <QueryList
      queries={queries.data}
      isLoading={queries.isLoading}
      error={queries.error}
      onRetry={() => void queries.refetch()}
      empty={MESSAGES.query.none}
      context="Could not load solved queries"
    />
  );
}

export function TeacherQueriesPage() {
  const [updated, setUpdated] = useState(false);
  return (
    <>
      <PageTitle>Manage Queries</PageTitle>
      {updated && (
        <Alert
          color="green"
          role="status"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setUpdated(false)}
        >
          {MESSAGES.solution.updated}
        </Alert>
      )}
      <Tabs defaultValue="unsolved">
        <Tabs.List mb="md">
          <Tabs.Tab value="unsolved">Unsolved Queries</Tabs.Tab>
          <Tabs.Tab value="solved">Solved Queries</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unsolved">
          <UnsolvedQueries onSolved={() => setUpdated(true)} />
        </Tabs.Panel>
        <Tabs.Panel value="solved">
          <SolvedQueries />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
