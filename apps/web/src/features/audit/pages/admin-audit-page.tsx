/** The admin's audit log: every change of state, newest first, filtered by kind and by User ID. */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, auditKindLabel, type AuditEntry } from '@campus/contract';
import type { Column } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { FilterBar } from '../../../components/filter-bar';
import { PagedTable } from '../../../components/paged-table';
import { exactTime } from '../../../lib/dates';
import { pageFrom, pageParam, useUrlSearch, useUrlState } from '../../../lib/url-state';
import { useAuditLog } from '../api';

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', nowrap: true, cell: (entry) => exactTime(entry.at) },
  { header: 'Action', cell: (entry) => auditKindLabel(entry.kind) },
  {
    header: 'Who',
    cell: (entry) =>
      `${entry.actorName ?? 'Unknown'}${
        entry.actorLoginId !== null
          ? ` (${entry.actorLoginId}${entry.actorRole ? `, ${entry.actorRole}` : ''})`
          : ''
      }`,
  },
  { header: 'Target', breakAnywhere: true, cell: (entry) => entry.target ?? '—' },
  {
    header: 'Detail',
    breakAnywhere: true,
    cell: (entry) =>
      `${entry.detail ?? '—'}${entry.count > 1 ? ` × ${entry.count}` : ''}${
        entry.client !== null ? ` from ${entry.client}` : ''
      }`,
  },
];

export function AdminAuditPage() {
  // The kind, User ID and page live in the address: a reload keeps them and a link shares them.
  const url = useUrlState();
  const kind = AUDIT_KINDS.find((k) => k === url.params.get('kind')) ?? null;
  const { text: actorText, setText: setActorText, search: actorDebounced } = useUrlSearch(url, 300, 'actor');
  const page = pageFrom(url.params.get('page'));
  const setPage = (next: number) => url.change({ page: pageParam(next) });
  const actor = /^\d{1,9}$/.test(actorDebounced) ? Number(actorDebounced) : undefined;
  const log = useAuditLog({ kind: kind ?? undefined, actor, page });
  const filtered = kind !== null || actorDebounced !== '';

  let body;
  if (log.isPending) body = <LoadingState label="Loading the audit log..." />;
  else if (log.isError) {
    body = <LoadFailedState title="Could not load the audit log." onRetry={() => void log.refetch()} />;
  } else if (log.data.items.length === 0) {
    body = filtered ? (
      <EmptyState
        hint="No change matches this action and User ID."
        action={
          <Button
            variant="default"
            onClick={() => {
              setActorText('');
              url.change({ kind: null, actor: null, page: null });
            }}
          >
            Clear filters
          </Button>
        }
      >
        No audit entries found.
      </EmptyState>
    ) : (
      <EmptyState hint="Sign-ins, decisions and changes to people and records appear here as they happen.">
        No audit entries found.
      </EmptyState>
    );
  } else {
    body = (
      <PagedTable
        caption="Audit entries"
        hideCaption
        columns={COLUMNS}
        rowKey={(entry) => entry._id}
        minWidth={720}
        busy={log.isFetching}
        data={log.data}
        page={page}
        onPage={setPage}
        pagerLabel="Audit Log"
      />
    );
  }

  return (
    <>
      <PageTitle>Audit Log</PageTitle>
      <Text c="dimmed" mt={-8} mb="md">
        Every change made in the portal, newest first: who did what, to what, and when.
      </Text>
      <Group mb="md" align="flex-end">
        <FilterBar active={(kind ? 1 : 0) + (actorText.trim() ? 1 : 0)}>
          <Select
            label="Action"
            placeholder="All actions"
            clearable
            searchable
            data={AUDIT_KINDS.map((value) => ({ value, label: AUDIT_KIND_LABELS[value] }))}
            value={kind}
            onChange={(value) => url.change({ kind: value, page: null })}
          />
          <TextInput
            label="User ID"
            inputMode="numeric"
            placeholder="Any person"
            value={actorText}
            onChange={(e) => setActorText(e.currentTarget.value)}
          />
        </FilterBar>
      </Group>
      <Stack gap="md">{body}</Stack>
    </>
  );
}
