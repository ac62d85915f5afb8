/**
 * Admin Queries Collection: every query in a searchable table, paged on the server (SPEC §2), with the
 * ones hidden as spam flagged and a way to hide or show each.
 */
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MESSAGES, type Query } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { serverMessageOr } from '../../../lib/api-client';
import { isSolved, useQueryCollection, useSetQueryHidden } from '../api';
import { HideQueryDialog } from '../components/hide-query-dialog';
import { shortDate } from '../../../lib/dates';
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
  const [hiding, setHiding] = useState<Query | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const show = useSetQueryHidden();
  const showAgain = (query: Query) => {
    setOutcome(null);
    show.mutate(
      { queryId: query._id, hidden: false },
      {
        onSuccess: () => setOutcome({ ok: true, message: `“${query.topic}” is on the boards again.` }),
        onError: (err) =>
          setOutcome({
            ok: false,
            message: serverMessageOr(err, 'Could not show the query again. Please try again.'),
          }),
      },
    );
  };

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
      {outcome && (
        <Alert
          color={outcome.ok ? 'green' : 'red'}
          role={outcome.ok ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setOutcome(null)}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {outcome.message}
          </Text>
        </Alert>
      )}
      {collection.isLoading ? (
        <LoadingState label="Loading queries..." />
      ) : collection.isError ? (
        <LoadFailedState title="Could not load the queries." onRetry={() => void collection.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{debouncedSearch ? 'No queries match your search.' : MESSAGES.query.none}</EmptyState>
      ) : (
        <Table.ScrollContainer
          minWidth={900}
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
                <Table.Th scope="col">Action</Table.Th>
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
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="filled" color={isSolved(query) ? 'teal.9' : 'gray.7'}>
                        {isSolved(query) ? 'Solved' : 'Unsolved'}
                      </Badge>
                      {query.hidden === true && (
                        <Badge variant="filled" color="red.9">
                          Hidden
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{query.likes}</Table.Td>
                  <Table.Td>{shortDate(query.createdAt)}</Table.Td>
                  <Table.Td>
                    {query.hidden === true ? (
                      <Button
                        size="xs"
                        variant="default"
                        disabled={show.isPending}
                        aria-label={`Show again: ${query.topic}`}
                        onClick={() => showAgain(query)}
                      >
                        Show again
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        aria-label={`Hide as spam: ${query.topic}`}
                        onClick={() => {
                          setOutcome(null);
                          setHiding(query);
                        }}
                      >
                        Hide as spam
                      </Button>
                    )}
                  </Table.Td>
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
      <HideQueryDialog
        query={hiding}
        onClose={() => setHiding(null)}
        onHidden={(query) => {
          setHiding(null);
          setOutcome({ ok: true, message: `“${query.topic}” was hidden as spam.` });
        }}
      />
    </Stack>
  );
}
