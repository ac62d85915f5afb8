/** Admin Queries Collection: every query in a searchable table, paged on the server (SPEC §2, issue 6). */
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MESSAGES } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { isSolved, useQueryCollection } from '../api';
import { formatQueryDate } from '../components/query-card';
import { useLoggedError } from '../../../lib/logger';

const COLLECTION_PAGE_SIZE = 20;

export function AdminQueriesPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // A page number belongs to the search it was chosen for; a new search starts again at page 1.
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const page = paging.search === debouncedSearch ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search: debouncedSearch, page: next });
  // One row more than a page tells whether a next page exists without a count call.
  const collection = useQueryCollection({
    search: debouncedSearch,
    limit: COLLECTION_PAGE_SIZE + 1,
    offset: page * COLLECTION_PAGE_SIZE,
  });
  useLoggedError(collection.error, 'Could not load the queries collection');
  const rows = collection.data?.slice(0, COLLECTION_PAGE_SIZE) ?? [];
  const hasNext = (collection.data?.length ?? 0) > COLLECTION_PAGE_SIZE;

  return (
    <Stack>
      <PageTitle>Queries Collection</PageTitle>
      <TextInput
        label="Search queries"
        description="Matches topic and description"
        type="search"
        value={search}
        maw={420}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {collection.isLoading ? (
        <LoadingState label="Loading queries..." />
      ) : collection.isError ? (
        <LoadFailedState title="Could not load the queries." onRetry={() => void collection.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{debouncedSearch ? 'No queries match your search.' : MESSAGES.query.none}</EmptyState>
      ) : (
        <Table.ScrollContainer
          minWidth={760}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Queries Collection table"
        >
          <Table striped highlightOnHover aria-busy={collection.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Topic</Table.Th>
                <Table.Th scope="col">Student</Table.Th>
                <Table.Th scope="col">Roll No</Table.Th>
                <Table.Th scope="col">Tags</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Likes</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((query) => (
                <Table.Tr key={query._id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{query.topic}</Table.Td>
                  <Table.Td>{query.name}</Table.Td>
                  <Table.Td>{query.rollNo}</Table.Td>
                  <Table.Td>{query.tags.join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge variant="filled" color={isSolved(query) ? 'teal.9' : 'gray.7'}>
                      {isSolved(query) ? 'Solved' : 'Unsolved'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{query.likes}</Table.Td>
                  <Table.Td>{formatQueryDate(query.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Button variant="default" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous page
        </Button>
        <Text aria-live="polite">Page {page + 1}</Text>
        <Button variant="default" disabled={!hasNext} onClick={() => setPage(page + 1)}>
          Next page
        </Button>
      </Group>
    </Stack>
  );
}
