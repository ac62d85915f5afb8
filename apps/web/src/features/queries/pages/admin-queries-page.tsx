/**
 * Admin Queries Collection: every query in a searchable table, paged on the server (SPEC §2), with the
 * ones hidden as spam flagged and a way to hide or show each.
 */
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES, type Query } from '@campus/contract';
import type { Column } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { PagedTable } from '../../../components/paged-table';
import { Tags } from '../../../components/tags';
import { showOutcome } from '../../../components/toast';
import { serverMessageOr } from '../../../lib/api-client';
import { queryDate } from '../../../lib/dates';
import { useLoggedError } from '../../../lib/logger';
import { isSolved, useQueryCollection, useSetQueryHidden } from '../api';
import { HideQueryDialog } from '../components/hide-query-dialog';
import { pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';

const DETAILS: Column<Query>[] = [
  { header: 'Topic', breakAnywhere: true, cell: (q) => q.topic },
  { header: 'Student', cell: (q) => q.name },
  { header: 'Roll No', cell: (q) => q.rollNo },
  { header: 'Tags', cell: (q) => <Tags tags={q.tags} /> },
  {
    header: 'Status',
    cell: (q) => (
      <Group gap={4} wrap="nowrap">
        <Badge variant="filled" color={isSolved(q) ? 'teal.9' : 'gray.7'}>
          {isSolved(q) ? 'Solved' : 'Unsolved'}
        </Badge>
        {q.hidden === true && (
          <Badge variant="filled" color="red.9">
            Hidden
          </Badge>
        )}
      </Group>
    ),
  },
  { header: 'Likes', cell: (q) => q.likes },
  { header: 'Date', nowrap: true, cell: (q) => queryDate(q.createdAt) },
];

export function AdminQueriesPage() {
  // The search and page live in the address; a new search starts again at page 1.
  const url = useUrlState();
  const { text: search, setText: setSearch, search: debouncedSearch } = useUrlSearch(url, 300);
  const page = pageFrom(url.params.get('page'));
  const setPage = (next: number) => url.change({ page: pageParam(next) });
  const collection = useQueryCollection({ search: debouncedSearch, page });
  useLoggedError(collection.error, 'Could not load the queries collection');
  const [hiding, setHiding] = useState<Query | null>(null);
  const show = useSetQueryHidden();
  const showAgain = (query: Query) => {
    show.mutate(
      { queryId: query._id, hidden: false },
      {
        onSuccess: () => showOutcome({ ok: true, message: `“${query.topic}” is on the boards again.` }),
        onError: (err) =>
          showOutcome({
            ok: false,
            message: serverMessageOr(err, 'Could not show the query again. Please try again.'),
          }),
      },
    );
  };

  const action: Column<Query> = {
    header: 'Action',
    actions: true,
    cell: (query) =>
      query.hidden === true ? (
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
          onClick={() => setHiding(query)}
        >
          Hide as spam
        </Button>
      ),
  };

  let body;
  if (collection.isPending) body = <LoadingState label="Loading queries..." />;
  else if (collection.isError) {
    body = <LoadFailedState title="Could not load the queries." onRetry={() => void collection.refetch()} />;
  } else if (collection.data.items.length === 0) {
    body = debouncedSearch ? (
      <EmptyState
        hint="The search looks in each query's topic and description."
        action={
          <Button
            variant="default"
            onClick={() => {
              setSearch('');
              url.change({ q: null, page: null });
            }}
          >
            Clear search
          </Button>
        }
      >
        No queries match your search.
      </EmptyState>
    ) : (
      <EmptyState hint="Queries appear here, newest first, as students write them.">
        {MESSAGES.query.none}
      </EmptyState>
    );
  } else {
    body = (
      <PagedTable
        caption="All queries"
        hideCaption
        columns={[...DETAILS, action]}
        rowKey={(q) => q._id}
        minWidth={900}
        busy={collection.isFetching}
        data={collection.data}
        page={page}
        onPage={setPage}
        pagerLabel="All queries"
      />
    );
  }

  return (
    <Stack>
      <PageTitle>Queries Collection</PageTitle>
      <Text c="dimmed" mt={-8} mb="md">
        Every query students have asked, hidden ones too: search them, and hide spam or show it again.
      </Text>
      <TextInput
        label="Search queries"
        description="Matches topic and description"
        type="search"
        value={search}
        maw={420}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {body}
      <HideQueryDialog
        query={hiding}
        onClose={() => setHiding(null)}
        onHidden={(query) => {
          setHiding(null);
          showOutcome({ ok: true, message: `“${query.topic}” was hidden as spam.` });
        }}
      />
    </Stack>
  );
}
