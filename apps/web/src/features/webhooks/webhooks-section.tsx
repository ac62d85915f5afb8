/**
 * Signed webhooks (decision record 0085), a section of the integrations screen: endpoints other
 * systems listen at, added with the kinds of events they want; each one's secret is shown once (and
 * at each rotation), each can be edited, disabled or deleted, and its delivery log read.
 */
import { Badge, Button, Collapse, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { WebhookEndpoint, WebhookEndpointInput, WebhookSecretAnswer } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../components/page-states';
import { showOutcome } from '../../components/toast';
import { failureDetail } from '../../lib/failure';
import { formatDateTime } from '../../lib/format';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhook, useUpdateWebhook, useWebhooks } from './api';
import { DeliveryLog } from './components/delivery-log';
import { EndpointForm } from './components/endpoint-form';
import { SecretDialog } from './components/secret-dialog';

export const NO_ENDPOINTS = 'No webhook endpoints yet.';

type Confirming = { endpoint: WebhookEndpoint; action: 'delete' | 'rotate' } | null;

function EndpointCard({
  endpoint,
  onSaved,
  onConfirm,
}: {
  endpoint: WebhookEndpoint;
  onSaved: () => void;
  onConfirm: (action: 'delete' | 'rotate') => void;
}) {
  const urlId = useId();
  const logId = useId();
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhook();

  async function save(body: WebhookEndpointInput): Promise<boolean> {
    try {
      await update.mutateAsync({ id: endpoint.id, body });
      setEditing(false);
      onSaved();
      return true;
    } catch (error) {
      showOutcome({ ok: false, title: 'Could not save the endpoint', message: failureDetail(error) });
      return false;
    }
  }

  function toggle() {
    const body = { url: endpoint.url, description: endpoint.description, kinds: endpoint.kinds };
    update.mutate(
      { id: endpoint.id, body: { ...body, enabled: !endpoint.enabled } },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message: endpoint.enabled
              ? 'Endpoint disabled: its deliveries wait until it is enabled again.'
              : 'Endpoint enabled.',
          }),
        onError: (error) =>
          showOutcome({ ok: false, title: 'Could not change it', message: failureDetail(error) }),
      },
    );
  }

  if (editing) {
    return (
      <EndpointForm
        initial={{
          url: endpoint.url,
          description: endpoint.description,
          kinds: endpoint.kinds,
          enabled: endpoint.enabled,
        }}
        pending={update.isPending}
        submitLabel="Save"
        onSubmit={save}
        onCancel={() => setEditing(false)}
      />
    );
  }

  return (
    <Stack gap="xs" style={{ overflowWrap: 'anywhere' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Title order={3} size="h5" id={urlId} ff="monospace">
          {endpoint.url}
        </Title>
        <Badge color={endpoint.enabled ? 'teal.9' : 'gray.8'} variant="filled" style={{ flexShrink: 0 }}>
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      </Group>
      {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
      <Group gap={6}>
        {endpoint.kinds.map((kind) => (
          <Badge key={kind} variant="outline" tt="none">
            {kind}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        {endpoint.pending} waiting · {endpoint.failed} failed · added {formatDateTime(endpoint.createdAt)}
      </Text>
      {endpoint.previousSecretUntil && (
        <Text size="sm">
          The secret before the last rotation also signs until {formatDateTime(endpoint.previousSecretUntil)}.
        </Text>
      )}
      <Group gap="xs">
        <Button
          variant="outline"
          size="xs"
          onClick={() => setLogOpen((open) => !open)}
          aria-expanded={logOpen}
          aria-controls={logId}
          aria-describedby={urlId}
        >
          {logOpen ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button variant="default" size="xs" onClick={() => setEditing(true)} aria-describedby={urlId}>
          Edit
        </Button>
        <Button
          variant="default"
          size="xs"
          onClick={toggle}
          disabled={update.isPending}
          aria-describedby={urlId}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button variant="default" size="xs" onClick={() => onConfirm('rotate')} aria-describedby={urlId}>
          Rotate secret
        </Button>
        <Button
          variant="outline"
          color="red.8"
          size="xs"
          onClick={() => onConfirm('delete')}
          aria-describedby={urlId}
        >
          Delete
        </Button>
      </Group>
      <Collapse expanded={logOpen} id={logId}>
        {logOpen && <DeliveryLog endpoint={endpoint} />}
      </Collapse>
    </Stack>
  );
}

function ConfirmDialog({
  confirming,
  pending,
  onCancel,
  onConfirm,
}: {
  confirming: Confirming;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const deleting = confirming?.action === 'delete';
  return (
    <Modal
      opened={confirming !== null}
      onClose={onCancel}
      title={deleting ? 'Delete this endpoint?' : 'Rotate its secret?'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {confirming && (
        <Stack>
          <Text fw={500} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {confirming.endpoint.url}
          </Text>
          <Text size="sm">
            {deleting
              ? 'Nothing more is sent to it, and its delivery log goes too. This cannot be undone.'
              : 'A new secret is made and shown once. The old one keeps signing beside it for 24 hours, while the receiver moves to the new one.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color={deleting ? 'red.8' : undefined} disabled={pending} onClick={onConfirm}>
              {deleting ? 'Delete' : 'Rotate'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function WebhooksSection() {
  const endpoints = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhook();
  const [secret, setSecret] = useState<WebhookSecretAnswer | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const headingId = useId();
  const addHeadingId = useId();

  async function add(body: WebhookEndpointInput): Promise<boolean> {
    try {
      setSecret(await create.mutateAsync(body));
      return true;
    } catch (error) {
      showOutcome({ ok: false, title: 'Could not add the endpoint', message: failureDetail(error) });
      return false;
    }
  }

  function confirm() {
    if (!confirming) return;
    const { endpoint, action } = confirming;
    const done = () => setConfirming(null);
    if (action === 'delete') {
      remove.mutate(endpoint.id, {
        onSuccess: () => {
          done();
          showOutcome({ ok: true, message: `${endpoint.url} deleted.` });
        },
        onError: (error) => {
          done();
          showOutcome({ ok: false, title: 'Could not delete it', message: failureDetail(error) });
        },
      });
    } else {
      rotate.mutate(endpoint.id, {
        onSuccess: (answer) => {
          done();
          setSecret(answer);
        },
        onError: (error) => {
          done();
          showOutcome({ ok: false, title: 'Could not rotate the secret', message: failureDetail(error) });
        },
      });
    }
  }

  const items = endpoints.data ?? [];
  let list;
  if (endpoints.isPending) list = <LoadingState label="Loading webhook endpoints..." />;
  else if (endpoints.isError)
    list = (
      <LoadFailedState
        title="Could not load the webhook endpoints."
        onRetry={() => void endpoints.refetch()}
      />
    );
  else if (items.length === 0)
    list = (
      <EmptyState hint="An endpoint is told of events (a student leaving campus, a notice published) as they happen.">
        {NO_ENDPOINTS}
      </EmptyState>
    );
  else
    list = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((endpoint) => (
          <Paper component="li" key={endpoint.id} withBorder p="md" radius="md">
            <EndpointCard
              endpoint={endpoint}
              onSaved={() => showOutcome({ ok: true, message: 'Endpoint saved.' })}
              onConfirm={(action) => setConfirming({ endpoint, action })}
            />
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" maw={720}>
      <Title order={2} size="h3" id={headingId}>
        Webhooks
      </Title>
      <Text>
        Other systems can be told of events as they happen. Each delivery is signed with the endpoint&apos;s
        secret (Standard Webhooks), tried again with growing waits when it fails, and kept in the
        endpoint&apos;s log.
      </Text>
      <Paper component="section" aria-labelledby={addHeadingId} withBorder p="md" radius="md">
        <Title order={3} size="h4" id={addHeadingId} mb="sm">
          Add an endpoint
        </Title>
        <EndpointForm pending={create.isPending} submitLabel="Add endpoint" onSubmit={add} />
      </Paper>
      <Title order={3} size="h4">
        Endpoints{endpoints.data ? ` (${items.length})` : ''}
      </Title>
      {list}
      <SecretDialog answer={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        confirming={confirming}
        pending={remove.isPending || rotate.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
