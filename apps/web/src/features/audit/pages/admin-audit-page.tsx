/** The admin's audit log: every change of state, newest first, filtered by kind and by User ID. */
import { Button, Group, Select, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AUDIT_KINDS, type AuditKind } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { shortDateTime } from '../../../lib/dates';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api';

export function AdminAuditPage() {
  const [kind, setKind] = useState<AuditKind | null>(null);
  const [actorText, setActorText] = useState('');
  const [actorDebounced] = useDebouncedValue(actorText.trim(), 300);
  const [page, setPage] = useState(0);
  const actor = /^\d{1,9}$/.test(actorDebounced) ? Number(actorDebounced) : undefined;
  const log = useAuditLog({ kind: kind ?? undefined, actor, page });

  return (
    <>
      <PageTitle>Audit Log</PageTitle>
      <Group mb="md" align="flex-end">
        <Select
          label="Kind of change"
          placeholder="All kinds"
          clearable
          data={[...AUDIT_KINDS]}
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
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <LoadFailedState title="Could not load the audit log." onRetry={() => void log.refetch()} />
      ) : !log.data || log.data.length === 0 ? (
        <EmptyState>No audit entries found.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Detail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td>{shortDateTime(entry.at)}</Table.Td>
                  <Table.Td>{entry.kind}</Table.Td>
                  <Table.Td>
                    {entry.actorName ?? 'Unknown'}
                    {entry.actorLoginId !== null &&
                      ` (${entry.actorLoginId}${entry.actorRole ? `, ${entry.actorRole}` : ''})`}
                  </Table.Td>
                  <Table.Td>{entry.target ?? '—'}</Table.Td>
                  <Table.Td>
                    {entry.detail ?? '—'}
                    {entry.count > 1 && ` × ${entry.count}`}
                    {entry.client !== null && ` from ${entry.client}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group mt="md" justify="center">
        <Button variant="default" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <Button
          variant="default"
          disabled={!log.data || log.data.length < AUDIT_PAGE_SIZE}
          onClick={() => setPage((p) => p + 1)}
        >
          Next
        </Button>
      </Group>
    </>
  );
}
