/** The admin Help screen: the Support Collection, searched and paged on the server, newest first. */
import { Button, Stack, TextInput } from '@mantine/core';
import type { SupportMessage } from '@campus/contract';
import type { Column } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { PagedTable } from '../../../components/paged-table';
import { exactTime } from '../../../lib/dates';
import { pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';
import { useSupportMessages } from '../api';

export const NO_SUPPORT_MESSAGES = 'No support messages found.';

const COLUMNS: Column<SupportMessage>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Email', nowrap: true, cell: (row) => row.email },
  { header: 'Role', cell: (row) => row.role },
  { header: 'Query Type', nowrap: true, cell: (row) => row.queryType },
  { header: 'Message', minWidth: 240, keepLineBreaks: true, breakAnywhere: true, cell: (row) => row.message },
  {
    header: 'Date',
    nowrap: true,
    cell: (row) => <time dateTime={row.createdAt}>{exactTime(row.createdAt)}</time>,
  },
];

export function AdminSupportPage() {
  // The search and page live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const { text: search, setText: changeSearch, search: debouncedSearch } = useUrlSearch(url, 300);
  const page = pageFrom(url.params.get('page'));
  const setPage = (next: number) => url.change({ page: pageParam(next) });
  const query = useSupportMessages({ search: debouncedSearch, page });

  let body;
  if (query.isPending) body = <LoadingState label="Loading support messages..." />;
  else if (query.isError)
    body = (
      <LoadFailedState title="Could not load the support messages." onRetry={() => void query.refetch()} />
    );
  else if (query.data.items.length === 0) {
    body = debouncedSearch ? (
      <EmptyState
        hint="The search looks in each message's name, email and text."
        action={
          <Button
            variant="default"
            onClick={() => {
              changeSearch('');
              url.change({ q: null, page: null });
            }}
          >
            Clear search
          </Button>
        }
      >
        {NO_SUPPORT_MESSAGES}
      </EmptyState>
    ) : (
      <EmptyState hint="Messages sent from the support form appear here, newest first.">
        {NO_SUPPORT_MESSAGES}
      </EmptyState>
    );
  } else {
    body = (
      <PagedTable
        caption="Support messages"
        hideCaption
        columns={COLUMNS}
        rowKey={(row) => row._id}
        minWidth={820}
        busy={query.isFetching}
        data={query.data}
        page={page}
        onPage={setPage}
        pagerLabel="Support Collection"
      />
    );
  }

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
        onChange={(e) => changeSearch(e.currentTarget.value)}
      />
      <Stack gap="md">{body}</Stack>
    </>
  );
}
