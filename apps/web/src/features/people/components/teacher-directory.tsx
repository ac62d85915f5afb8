/** The admin's Manage Teachers list: Name, Teacher ID, Email (SPEC §2), searchable and server paged. */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Teacher } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useTeachers } from '../api';
import type { Column } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { PagedTable } from '../../../components/paged-table';
import { pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';
import { AccountStatusText, StatusFilter, asStatus } from './student-directory';

const SEARCH_DEBOUNCE_MS = 300;

const COLUMNS: Column<Teacher>[] = [
  { header: 'Name', cell: (t) => t.name },
  { header: 'Teacher ID', cell: (t) => t.teacherId },
  { header: 'Email', cell: (t) => t.email },
  { header: 'Phone', cell: (t) => t.phoneNo || '—' },
  { header: 'Mentor of', cell: (t) => t.groups.join(', ') || '—' },
  { header: 'Status', cell: (t) => <AccountStatusText active={t.active} /> },
];

export function TeacherDirectory({
  extraColumns = [],
  emptyAction,
}: {
  /** Columns after the status, such as the admin's actions on each teacher. */
  extraColumns?: Column<Teacher>[];
  /** What an empty list with no filter offers to do: add a teacher. */
  emptyAction?: ReactNode;
}) {
  // The search, status and page live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const { text: search, setText: setSearch, search: debouncedSearch } = useUrlSearch(url, SEARCH_DEBOUNCE_MS);
  const status = asStatus(url.params.get('status'));
  const page = pageFrom(url.params.get('page'));
  const setPage = (next: number) => url.change({ page: pageParam(next) });
  const teachers = useTeachers({ search: debouncedSearch, status, page });
  const filtered = debouncedSearch !== '' || status !== '';

  function table() {
    if (teachers.isPending) return <LoadingState label="Loading teachers..." />;
    if (teachers.isError) {
      return <LoadFailedState title="Could not load teachers." onRetry={() => void teachers.refetch()} />;
    }
    const { items } = teachers.data;
    if (items.length === 0) {
      return filtered ? (
        <EmptyState
          hint="No teacher matches this search and status."
          action={
            <Button
              variant="default"
              onClick={() => {
                setSearch('');
                url.change({ q: null, status: null, page: null });
              }}
            >
              Clear filters
            </Button>
          }
        >
          No teachers found.
        </EmptyState>
      ) : (
        <EmptyState hint="Teachers appear here once they are added or imported." action={emptyAction}>
          No teachers found.
        </EmptyState>
      );
    }
    return (
      <PagedTable
        caption="Teachers"
        columns={[...COLUMNS, ...extraColumns]}
        rowKey={(t) => t._id}
        minWidth={720}
        data={teachers.data}
        page={page}
        onPage={setPage}
        pagerLabel="Teacher list"
      />
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <TextInput
          type="search"
          label="Search teachers"
          placeholder="Name or teacher ID"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <FilterBar active={status ? 1 : 0}>
          <StatusFilter value={status} onChange={(next) => url.change({ status: next, page: null })} />
        </FilterBar>
      </Group>
      {table()}
    </Stack>
  );
}
