/** Students by roll number with a group filter, a search box and server paging (SPEC §2 manage, admin manage-students). */
import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { MESSAGES, type Student } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useGroups, useStudents, type StudentSource } from '../api';
import { DataTable, type Column } from './data-table';
import { Pager } from './pager';

const SEARCH_DEBOUNCE_MS = 300;
const ALL_GROUPS = '';

const orDash = (value: string | null) => value || '—';

const COLUMNS: Column<Student>[] = [
  { header: 'Roll No', cell: (s) => s.RollNo },
  { header: 'Name', cell: (s) => s.name },
  { header: 'Group', cell: (s) => s.group },
  { header: 'Email', cell: (s) => s.email },
  { header: 'Phone', cell: (s) => orDash(s.phoneNo) },
];

export function StudentDirectory({
  source,
  caption,
  extraColumns = [],
}: {
  source: StudentSource;
  caption: string;
  /** Columns after the details, such as an action on each student. */
  extraColumns?: Column<Student>[];
}) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [group, setGroup] = useState(ALL_GROUPS);
  const [page, setPage] = useState(0);
  const groups = useGroups();
  const students = useStudents(source, { search: debouncedSearch, group, page });

  function table() {
    if (students.isPending) return <LoadingState label="Loading students..." />;
    if (students.isError) {
      return <LoadFailedState title="Could not load students." onRetry={() => void students.refetch()} />;
    }
    const { items } = students.data;
    if (items.length === 0) return <EmptyState>{MESSAGES.students.none}</EmptyState>;
    return (
      <>
        <DataTable
          caption={caption}
          columns={[...COLUMNS, ...extraColumns]}
          rows={items}
          rowKey={(s) => s._id}
          minWidth={720}
        />
        <Pager page={page} shown={students.data} onChange={setPage} label="Student list" />
      </>
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <NativeSelect
          label="Group"
          value={group}
          onChange={(event) => {
            setGroup(event.currentTarget.value);
            setPage(0);
          }}
          data={[{ value: ALL_GROUPS, label: 'All groups' }, ...(groups.data ?? [])]}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          type="search"
          label="Search students"
          placeholder="Name or roll number"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {table()}
    </Stack>
  );
}
