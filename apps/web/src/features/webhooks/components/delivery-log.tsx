/** One endpoint's delivery log, newest first, a page at a time from the server, with "Send again". */
import { Badge, Button, Group, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries, useResendDelivery } from '../api';

const PAGE = 10;

const STATUS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'orange.9' },
  sending: { label: 'Sending', color: 'blue.8' },
  delivered: { label: 'Delivered', color: 'teal.9' },
  failed: { label: 'Failed', color: 'red.8' },
};

function DeliveryRow({
  delivery,
  onResend,
  pending,
}: {
  delivery: WebhookDelivery;
  onResend: () => void;
  pending: boolean;
}) {
  const id = useId();
  const status = STATUS[delivery.status];
  const answer =
    delivery.responseStatus !== null
      ? `HTTP ${delivery.responseStatus}`
      : delivery.attempts > 0
        ? 'No answer'
        : null;
  return (
    <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={500} ff="monospace" size="sm" id={id}>
          {delivery.kind}
        </Text>
        <Badge color={status.color} variant="filled" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      <Text size="sm">
        {formatDateTime(delivery.createdAt)}
        {answer ? ` · ${answer}` : ''}
        {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
        {` · ${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`}
      </Text>
      {delivery.error && (
        <Text size="sm" c="red.8">
          {delivery.error}
        </Text>
      )}
      {delivery.nextAttemptAt && delivery.attempts > 0 && (
        <Text size="xs" c="dimmed">
          Next attempt {formatDateTime(delivery.nextAttemptAt)}
        </Text>
      )}
      <Text size="xs" c="dimmed" ff="monospace">
        {delivery.messageId}
      </Text>
      {delivery.status !== 'sending' && (
        <Button
          variant="outline"
          size="xs"
          disabled={pending}
          onClick={onResend}
          aria-describedby={id}
          style={{ alignSelf: 'flex-start' }}
        >
          Send again
        </Button>
      )}
    </Stack>
  );
}

export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const deliveries = useDeliveries(endpoint.id, { limit: PAGE, offset: (page - 1) * PAGE, status });
  const resend = useResendDelivery();

  function sendAgain(delivery: WebhookDelivery) {
    resend.mutate(
      { id: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => {
          showOutcome({ ok: true, message: `${delivery.kind} will be sent again.` });
          void deliveries.refetch();
        },
        onError: (error) =>
          showOutcome({ ok: false, title: 'Could not send it again', message: failureDetail(error) }),
      },
    );
  }

  let body;
  if (deliveries.isPending) body = <LoadingState label="Loading deliveries..." />;
  else if (deliveries.isError)
    body = (
      <LoadFailedState title="Could not load the deliveries." onRetry={() => void deliveries.refetch()} />
    );
  else if (deliveries.data.items.length === 0)
    body = (
      <EmptyState hint="A delivery appears here when an event it listens to happens.">
        No deliveries yet.
      </EmptyState>
    );
  else {
    const { total, hasMore, offset } = deliveries.data;
    const pages = Math.max(1, Math.ceil((total ?? offset + PAGE + (hasMore ? 1 : 0)) / PAGE));
    body = (
      <Stack gap="xs">
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deliveries">
          {deliveries.data.items.map((delivery) => (
            <Paper component="li" key={delivery.id} withBorder p="sm" radius="sm">
              <DeliveryRow
                delivery={delivery}
                pending={resend.isPending}
                onResend={() => sendAgain(delivery)}
              />
            </Paper>
          ))}
        </Stack>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Select
          label="Show"
          data={[
            { value: 'all', label: 'All deliveries' },
            ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: STATUS[s].label })),
          ]}
          value={status ?? 'all'}
          onChange={(value) => {
            setPage(1);
            setStatus(value && value !== 'all' ? value : undefined);
          }}
          allowDeselect={false}
          w={200}
        />
        <Button variant="default" size="xs" onClick={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
