/** The admin's Manage Teachers list: Name, Teacher ID, Email (SPEC §2), searchable and server paged. */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import type { AccountStatus, Teacher } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useTeachers } from '../api';
import type { Column } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { PagedTable } from '../../../components/paged-table';
import { AccountStatusText, StatusFilter } from './student-directory';

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
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<AccountStatus | ''>('');
  const [page, setPage] = useState(0);
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
                setStatus('');
                setPage(0);
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
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
          w={{ base: '100%', xs: 280 }}
        />
        <FilterBar active={status ? 1 : 0}>
          <StatusFilter
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(0);
            }}
          />
        </FilterBar>
      </Group>
      {table()}
    </Stack>
  );
}
