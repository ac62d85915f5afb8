/** Students by roll number with a group filter, a search box and server paging (SPEC §2 manage, admin manage-students). */
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { AccountStatus, Student } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useGroups, useStudents, type StudentSource } from '../api';
import type { Column } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { PagedTable } from '../../../components/paged-table';
import { pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';
import { showOutcome } from '../../../components/toast';
import { download, serverMessageOr } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { said } from '../../../i18n/said';
import { useOfficeWords, type OfficeWords } from '../../../i18n/office';

const SEARCH_DEBOUNCE_MS = 300;
const ALL_GROUPS = '';

const orDash = (value: string | null) => value || '—';

/** An account's status in words, for the admin's lists; an inactive one stands out (AA on striped rows). */
export function AccountStatusText({ active }: { active: boolean }) {
  const { t } = useOfficeWords();
  return active ? (
    <Text span size="sm">
      {t('students.active')}
    </Text>
  ) : (
    <Text span size="sm" fw={700} c="var(--campus-text-danger)">
      {t('students.inactive')}
    </Text>
  );
}
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
  const { t } = useOfficeWords();
  return (
    <NativeSelect
      label={t('students.status')}
      value={value}
      onChange={(event) => onChange(asStatus(event.currentTarget.value))}
      data={[
        { value: '', label: t('students.statusAll') },
        { value: 'active', label: t('students.active') },
        { value: 'inactive', label: t('students.inactive') },
      ]}
      w={{ base: '100%', xs: 140 }}
    />
  );
}

/**
 * Export (CSV): the students the list shows (its group, search and status, every page of them), as the
 * server's students export writes them, not gathered page by page in the browser.
 */
function ExportButton({ filter }: { filter: { group: string; search: string; status: AccountStatus | '' } }) {
  const { t } = useOfficeWords();
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
    // The file's column headers stay English in every language: it is data for the office.
    void download('/api/export/students.csv', { query })
      .then(
        ({ blob, filename }) => {
          const name = filename ?? 'students.csv';
          saveFile(blob, name);
          showOutcome({ ok: true, message: t('students.exported', { name }) });
        },
        (error: unknown) =>
          showOutcome({
            ok: false,
            title: t('students.exportFailed'),
            message: said(t, serverMessageOr(error, t('students.tryAgain'))),
          }),
      )
      .finally(() => setRunning(false));
  };
  return (
    <Button variant="default" onClick={exportList} aria-busy={running}>
      {running ? t('students.exporting') : t('students.export')}
    </Button>
  );
}

const columns = (t: OfficeWords): Column<Student>[] => [
  { header: t('students.table.rollNo'), cell: (s) => s.RollNo },
  { header: t('students.table.name'), cell: (s) => s.name },
  { header: t('students.table.group'), cell: (s) => s.group },
  { header: t('students.table.email'), cell: (s) => s.email },
  { header: t('students.table.phone'), cell: (s) => orDash(s.phoneNo) },
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
  const { t } = useOfficeWords();
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
    ? [{ header: t('students.status'), cell: (s) => <AccountStatusText active={s.active} /> }]
    : [];

  function table() {
    if (students.isPending) return <LoadingState label={t('students.loading')} />;
    if (students.isError) {
      return <LoadFailedState title={t('students.loadFailed')} onRetry={() => void students.refetch()} />;
    }
    const { items } = students.data;
    if (items.length === 0) {
      return filtered ? (
        <EmptyState
          hint={t('students.noMatch')}
          action={
            <Button variant="default" onClick={clearFilters}>
              {t('students.clearFilters')}
            </Button>
          }
        >
          {t('students.none')}
        </EmptyState>
      ) : (
        <EmptyState hint={whenEmpty.hint} action={whenEmpty.action}>
          {t('students.none')}
        </EmptyState>
      );
    }
    return (
      <PagedTable
        caption={caption}
        columns={[...columns(t), ...statusColumn, ...extraColumns]}
        rowKey={(s) => s._id}
        minWidth={720}
        data={students.data}
        page={page}
        onPage={setPage}
        pagerLabel={t('students.pagerLabel')}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <TextInput
          type="search"
          label={t('students.search')}
          placeholder={t('students.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <FilterBar active={(group === ALL_GROUPS ? 0 : 1) + (withStatus && status ? 1 : 0)}>
          <NativeSelect
            label={t('students.group')}
            value={group}
            onChange={(event) => url.change({ group: event.currentTarget.value, page: null })}
            data={[{ value: ALL_GROUPS, label: t('students.allGroups') }, ...(groups.data ?? [])]}
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
