/**
 * Integrations (decision record 0083): the API clients other campus systems call with, made here
 * with their scopes and expiry; a token is shown once, when made, and a client can be revoked.
 */
import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import {
  API_SCOPE_LABELS,
  apiClientActive,
  type ApiClient,
  type ApiClientCreate,
  type ApiClientCreated,
} from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatDateTime } from '../../../lib/format';
import { useApiClients, useCreateApiClient, useRevokeApiClient } from '../api';
import { CreateClientForm } from '../components/create-client-form';
import { TokenDialog } from '../components/token-dialog';
import { WebhooksSection } from '../../webhooks/webhooks-section';

export const NO_CLIENTS = 'No integrations yet.';

function statusOf(client: ApiClient): { label: string; color: string } {
  if (client.revokedAt) return { label: 'Revoked', color: 'gray.8' };
  if (!apiClientActive(client, Date.now())) return { label: 'Expired', color: 'orange.9' };
  return { label: 'Active', color: 'teal.9' };
}

function ClientCard({ client, onRevoke }: { client: ApiClient; onRevoke: () => void }) {
  const nameId = useId();
  const status = statusOf(client);
  return (
    <Stack gap="xs" style={{ overflowWrap: 'anywhere' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Title order={3} size="h5" id={nameId}>
          {client.name}
        </Title>
        <Badge color={status.color} variant="filled" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      <Group gap={6}>
        {client.scopes.map((scope) => (
          <Badge key={scope} variant="outline" tt="none" title={API_SCOPE_LABELS[scope]}>
            {scope}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        Token {client.tokenHint} · {client.perMinute} requests a minute
      </Text>
      <Text size="sm">
        {client.revokedAt
          ? `Revoked ${formatDateTime(client.revokedAt)}`
          : `Expires ${formatDateTime(client.expiresAt)}`}
        {' · '}
        {client.lastUsedAt ? `Last used ${formatDateTime(client.lastUsedAt)}` : 'Never used'}
      </Text>
      <Text size="xs" c="dimmed">
        Created {formatDateTime(client.createdAt)}
        {client.createdBy ? ` by ${client.createdBy}` : ''}
      </Text>
      {!client.revokedAt && (
        <Button
          variant="outline"
          color="red.8"
          size="xs"
          onClick={onRevoke}
          aria-describedby={nameId}
          style={{ alignSelf: 'flex-start' }}
        >
          Revoke
        </Button>
      )}
    </Stack>
  );
}

function RevokeDialog({
  client,
  pending,
  onCancel,
  onRevoke,
}: {
  client: ApiClient | null;
  pending: boolean;
  onCancel: () => void;
  onRevoke: (client: ApiClient) => void;
}) {
  return (
    <Modal
      opened={client !== null}
      onClose={onCancel}
      title="Revoke this integration?"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {client && (
        <Stack>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {client.name}
          </Text>
          <Text size="sm">Its token is refused from the next request on. This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color="red.8" disabled={pending} onClick={() => onRevoke(client)}>
              {pending ? 'Revoking...' : 'Revoke'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function AdminIntegrationsPage() {
  const clients = useApiClients();
  const create = useCreateApiClient();
  const revoke = useRevokeApiClient();
  const [created, setCreated] = useState<ApiClientCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const createHeadingId = useId();
  const listHeadingId = useId();

  async function createClient(values: ApiClientCreate): Promise<boolean> {
    try {
      setCreated(await create.mutateAsync(values));
      return true;
    } catch (error) {
      showOutcome({ ok: false, title: `Could not create “${values.name}”`, message: failureDetail(error) });
      return false;
    }
  }

  function revokeClient(client: ApiClient) {
    revoke.mutate(client.id, {
      onSuccess: () => {
        setRevoking(null);
        showOutcome({ ok: true, message: `${client.name} revoked. Its token is refused from now on.` });
      },
      onError: (error) => {
        setRevoking(null);
        showOutcome({ ok: false, title: `Could not revoke ${client.name}`, message: failureDetail(error) });
      },
    });
  }

  const items = clients.data ?? [];
  let list;
  if (clients.isPending) list = <LoadingState label="Loading integrations..." />;
  else if (clients.isError)
    list = (
      <LoadFailedState title="Could not load the integrations." onRetry={() => void clients.refetch()} />
    );
  else if (items.length === 0)
    list = (
      <EmptyState hint="An integration lets another campus system (the registrar's, the library's) call this portal's API.">
        {NO_CLIENTS}
      </EmptyState>
    );
  else
    list = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((client) => (
          <Paper component="li" key={client.id} withBorder p="md" radius="md">
            <ClientCard client={client} onRevoke={() => setRevoking(client)} />
          </Paper>
        ))}
      </Stack>
    );

  return (
    <>
      <PageTitle>Integrations</PageTitle>
      <Text mb="lg" maw={720}>
        Other campus systems call the portal&apos;s API with a token made here. Each token can do only what
        its scopes allow, expires, and every request it makes is in the audit log.
      </Text>
      <Stack gap="xl">
        <Paper component="section" aria-labelledby={createHeadingId} withBorder p="md" radius="md" maw={720}>
          <Title order={2} size="h4" id={createHeadingId} mb="sm">
            Create an integration
          </Title>
          <CreateClientForm pending={create.isPending} onSubmit={createClient} />
        </Paper>
        <Stack component="section" aria-labelledby={listHeadingId} gap="sm" maw={720}>
          <Title order={2} size="h4" id={listHeadingId}>
            Integrations{clients.data ? ` (${items.length})` : ''}
          </Title>
          {list}
        </Stack>
        <WebhooksSection />
      </Stack>
      <TokenDialog created={created} onClose={() => setCreated(null)} />
      <RevokeDialog
        client={revoking}
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onRevoke={revokeClient}
      />
    </>
  );
}
