/** The admin Help screen: the Support Collection, searched and paged on the server, newest first. */
import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { SupportMessage } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { exactTime } from '../../../lib/dates';
import { useSupportMessages } from '../api';

export const PAGE_SIZE = 20;
export const NO_SUPPORT_MESSAGES = 'No support messages found.';

function SupportTable({ rows }: { rows: SupportMessage[] }) {
  return (
    <Table.ScrollContainer
      minWidth={820}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Support messages"
    >
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Query Type</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.email}</Table.Td>
              <Table.Td>{row.role}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.queryType}</Table.Td>
              <Table.Td miw={240} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {row.message}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={row.createdAt}>{exactTime(row.createdAt)}</time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AdminSupportPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  // One row more than a page tells whether a next page exists, since the list answers a bare array.
  const query = useSupportMessages({
    search: debouncedSearch,
    limit: PAGE_SIZE + 1,
    offset: page * PAGE_SIZE,
  });
  const rows = query.data?.slice(0, PAGE_SIZE) ?? [];
  const hasNext = (query.data?.length ?? 0) > PAGE_SIZE;

  let body;
  if (query.isPending) body = <LoadingState label="Loading support messages..." />;
  else if (query.isError)
    body = (
      <LoadFailedState title="Could not load the support messages." onRetry={() => void query.refetch()} />
    );
  else if (rows.length === 0) body = <EmptyState>{NO_SUPPORT_MESSAGES}</EmptyState>;
  else body = <SupportTable rows={rows} />;

  return (
    <>
      <PageTitle>Support Collection</PageTitle>
      <TextInput
        label="Search"
        description="Name, email or message"
        type="search"
        maw={420}
        mb="md"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(0);
        }}
      />
      <div aria-busy={query.isFetching}>{body}</div>
      {(page > 0 || hasNext) && (
        <Group component="nav" aria-label="Support Collection pages" justify="space-between" mt="md">
          <Button variant="default" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Text>Page {page + 1}</Text>
          <Button variant="default" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </Group>
      )}
    </>
  );
}
