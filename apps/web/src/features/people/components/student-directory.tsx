/** Students by roll number with a group filter, a search box and server paging (SPEC §2 manage, admin manage-students). */
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { MESSAGES, type AccountStatus, type Student } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useGroups, useStudents, type StudentSource } from '../api';
import type { Column } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { PagedTable } from '../../../components/paged-table';
import { pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';
import { showOutcome } from '../../../components/toast';
import { download, serverMessageOr } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

const SEARCH_DEBOUNCE_MS = 300;
const ALL_GROUPS = '';

const orDash = (value: string | null) => value || '—';

/** An account's status in words, for the admin's lists; an inactive one stands out (AA on striped rows). */
export function AccountStatusText({ active }: { active: boolean }) {
  return active ? (
    <Text span size="sm">
      Active
    </Text>
  ) : (
    <Text span size="sm" fw={700} c="var(--campus-text-danger)">
      Inactive
    </Text>
  );
}

const STATUS_CHOICES = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
export const asStatus = (value: string | null): AccountStatus | '' =>
  value === 'active' || value === 'inactive' ? value : '';

/** The Status filter of the admin's people lists: all, active or deactivated accounts. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: AccountStatus | '';
  onChange: (status: AccountStatus | '') => void;
}) {
  return (
    <NativeSelect
      label="Status"
      value={value}
      onChange={(event) => onChange(asStatus(event.currentTarget.value))}
      data={STATUS_CHOICES}
      w={{ base: '100%', xs: 140 }}
    />
  );
}

/**
 * Export (CSV): the students the list shows (its group, search and status, every page of them), as the
 * server's students export writes them, not gathered page by page in the browser.
 */
function ExportButton({ filter }: { filter: { group: string; search: string; status: AccountStatus | '' } }) {
  const [running, setRunning] = useState(false);
  const exportList = () => {
    if (running) return;
    setRunning(true);
    const query = {
      group: filter.group || undefined,
      search: filter.search || undefined,
      status: filter.status || undefined,
    };
    // The list's own call, not the import screen's module: that one brings the import's schemas.
    void download('/api/export/students.csv', { query })
      .then(
        ({ blob, filename }) => {
          const name = filename ?? 'students.csv';
          saveFile(blob, name);
          showOutcome({ ok: true, message: `Downloaded ${name}.` });
        },
        (error: unknown) =>
          showOutcome({
            ok: false,
            title: 'Could not export the students',
            message: serverMessageOr(error, 'Please try again.'),
          }),
      )
      .finally(() => setRunning(false));
  };
  return (
    <Button variant="default" onClick={exportList} aria-busy={running}>
      {running ? 'Exporting...' : 'Export (CSV)'}
    </Button>
  );
}

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
  withStatus = false,
  whenEmpty,
}: {
  source: StudentSource;
  caption: string;
  /** Columns after the details, such as an action on each student. */
  extraColumns?: Column<Student>[];
  /** Admins see each account's status and may list active or inactive ones only. */
  withStatus?: boolean;
  /** What an empty list with no filter says would fill it, and the way to do so, if the user has one. */
  whenEmpty: { hint: string; action?: ReactNode };
}) {
  // The search, filters and page live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const { text: search, setText: setSearch, search: debouncedSearch } = useUrlSearch(url, SEARCH_DEBOUNCE_MS);
  const group = url.params.get('group') ?? ALL_GROUPS;
  const status = withStatus ? asStatus(url.params.get('status')) : '';
  const page = pageFrom(url.params.get('page'));
  const setPage = (next: number) => url.change({ page: pageParam(next) });
  const groups = useGroups();
  const students = useStudents(source, { search: debouncedSearch, group, status, page });
  const filtered = debouncedSearch !== '' || group !== ALL_GROUPS || status !== '';
  const clearFilters = () => {
    setSearch('');
    url.change({ q: null, group: null, status: null, page: null });
  };
  const statusColumn: Column<Student>[] = withStatus
    ? [{ header: 'Status', cell: (s) => <AccountStatusText active={s.active} /> }]
    : [];

  function table() {
    if (students.isPending) return <LoadingState label="Loading students..." />;
    if (students.isError) {
      return <LoadFailedState title="Could not load students." onRetry={() => void students.refetch()} />;
    }
    const { items } = students.data;
    if (items.length === 0) {
      return filtered ? (
        <EmptyState
          hint="No student matches this search and these filters."
          action={
            <Button variant="default" onClick={clearFilters}>
              Clear filters
            </Button>
          }
        >
          {MESSAGES.students.none}
        </EmptyState>
      ) : (
        <EmptyState hint={whenEmpty.hint} action={whenEmpty.action}>
          {MESSAGES.students.none}
        </EmptyState>
      );
    }
    return (
      <PagedTable
        caption={caption}
        columns={[...COLUMNS, ...statusColumn, ...extraColumns]}
        rowKey={(s) => s._id}
        minWidth={720}
        data={students.data}
        page={page}
        onPage={setPage}
        pagerLabel="Student list"
      />
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <TextInput
          type="search"
          label="Search students"
          placeholder="Name or roll number"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <FilterBar active={(group === ALL_GROUPS ? 0 : 1) + (withStatus && status ? 1 : 0)}>
          <NativeSelect
            label="Group"
            value={group}
            onChange={(event) => url.change({ group: event.currentTarget.value, page: null })}
            data={[{ value: ALL_GROUPS, label: 'All groups' }, ...(groups.data ?? [])]}
            w={{ base: '100%', xs: 200 }}
          />
          {withStatus && (
            <StatusFilter value={status} onChange={(next) => url.change({ status: next, page: null })} />
          )}
        </FilterBar>
        <ExportButton filter={{ group, search: debouncedSearch, status }} />
      </Group>
      {table()}
    </Stack>
  );
}
