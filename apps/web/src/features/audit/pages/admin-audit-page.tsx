/** The admin's audit log: every change of state, newest first, filtered by kind and by User ID. */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  auditKindLabel,
  type AuditEntry,
  type AuditKind,
} from '@campus/contract';
import type { Column } from '../../../components/data-table';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { PagedTable } from '../../../components/paged-table';
import { exactTime } from '../../../lib/dates';
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
  const [kind, setKind] = useState<AuditKind | null>(null);
  const [actorText, setActorText] = useState('');
  const [actorDebounced] = useDebouncedValue(actorText.trim(), 300);
  const [page, setPage] = useState(0);
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
              setKind(null);
              setActorText('');
              setPage(0);
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
        <Select
          label="Action"
          placeholder="All actions"
          clearable
          searchable
          data={AUDIT_KINDS.map((value) => ({ value, label: AUDIT_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => {
            setKind(AUDIT_KINDS.find((k) => k === value) ?? null);
            setPage(0);
          }}
        />
        <TextInput
          label="User ID"
          inputMode="numeric"
          placeholder="Any person"
          value={actorText}
          onChange={(e) => {
            setActorText(e.currentTarget.value);
            setPage(0);
          }}
        />
      </Group>
      <Stack gap="md">{body}</Stack>
    </>
  );
}
