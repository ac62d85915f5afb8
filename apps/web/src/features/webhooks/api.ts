/** Signed webhooks (admins): endpoints, their secrets (shown once), the delivery log and "Send again". */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookSecretAnswer,
} from '@campus/contract';
import { api } from '../../lib/api-client';
import { fetchPage } from '../../lib/pages';

export const webhookKeys = {
  endpoints: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

const path = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: ({ signal }) => api<WebhookEndpoint[]>('/api/admin/webhooks', { signal }),
  });
}

/** After any change, the list and every log are read again. */
function useChange<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

export const useCreateWebhook = () =>
  useChange((body: WebhookEndpointInput) =>
    api<WebhookSecretAnswer>('/api/admin/webhooks', { method: 'POST', body }),
  );

export const useUpdateWebhook = () =>
  useChange(({ id, body }: { id: string; body: WebhookEndpointInput }) =>
    api<{ message: string; endpoint: WebhookEndpoint }>(path(id), { method: 'PUT', body }),
  );

export const useDeleteWebhook = () =>
  useChange((id: string) =>
    api<{ message: string; endpoint: WebhookEndpoint }>(path(id), { method: 'DELETE' }),
  );

export const useRotateWebhook = () =>
  useChange((id: string) => api<WebhookSecretAnswer>(`${path(id)}/rotate`, { method: 'POST' }));

export const useResendDelivery = () =>
  useChange(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api<{ message: string; delivery: WebhookDelivery }>(
      `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
      { method: 'POST' },
    ),
  );

export function useDeliveries(
  id: string,
  page: { limit: number; offset: number; status?: WebhookDeliveryStatus | undefined },
) {
  return useQuery({
    queryKey: [...webhookKeys.deliveries(id), page],
    queryFn: ({ signal }) =>
      fetchPage<WebhookDelivery>(
        `${path(id)}/deliveries`,
        { status: page.status },
        { limit: page.limit, offset: page.offset },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
