/**
 * Every student's performance (SPEC §2) with a name search and paging done by the server, and the
 * teacher's mentees, whose marks the teacher enters and corrects.
 */
import { Button, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MESSAGES } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { useCurrentUser } from '../../../lib/current-user';
import { useStudentsPerformance } from '../api';
import { MenteeMarks } from '../components/mentee-marks';
import { PerformanceTable } from '../components/performance-table';

const SEARCH_DELAY_MS = 300;

export function TeacherPerformancePage() {
  const user = useCurrentUser();
  return (
    <Stack>
      <PageTitle>Student Performance</PageTitle>
      {/* The mentees' tab mounts when opened: its requests wait until then. */}
      <Tabs defaultValue="all" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="all">All students</Tabs.Tab>
          <Tabs.Tab value="mentees">My mentees</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all">
          <AllStudents />
        </Tabs.Panel>
        <Tabs.Panel value="mentees">
          <MenteeMarks teacherId={user.teacherId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function AllStudents() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  // A page number belongs to the search it was reached with; a new search starts at the first page.
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const table = useStudentsPerformance(search, page);
  const goTo = (next: number) => setPaging({ search, page: next });

  const rows = table.data?.items ?? [];

  return (
    <Stack>
      <TextInput
        label="Search by name"
        description="Matches any part of a student's name, or the start of a roll number"
        placeholder="Search by name..."
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={420}
      />
      {table.isError ? (
        <LoadFailedState title={MESSAGES.performance.fetchFailed} onRetry={() => void table.refetch()} />
      ) : table.isPending ? (
        <LoadingState label="Loading performance..." />
      ) : rows.length === 0 ? (
        <EmptyState
          hint={search ? 'Search matches any part of a name, or the start of a roll number.' : undefined}
          action={
            search ? (
              <Button variant="default" onClick={() => setText('')}>
                Clear search
              </Button>
            ) : undefined
          }
        >
          {MESSAGES.students.none}
        </EmptyState>
      ) : (
        <>
          <PerformanceTable rows={rows} busy={table.isFetching} />
          <Pager
            page={page}
            offset={table.data?.offset ?? 0}
            shown={rows.length}
            total={table.data?.total ?? null}
            hasMore={(table.data?.hasMore ?? false) && !table.isPlaceholderData}
            onChange={goTo}
            label="Student performance"
          />
        </>
      )}
    </Stack>
  );
}
