/** Integrations' API clients (admins): the list, making one (its token is in that answer only), revoking. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, ApiClientCreate, ApiClientCreated } from '@campus/contract';
import { api } from '../../lib/api-client';

export const integrationKeys = { clients: ['api-clients'] as const };

export function useApiClients() {
  return useQuery({
    queryKey: integrationKeys.clients,
    queryFn: ({ signal }) => api<ApiClient[]>('/api/api-clients', { signal }),
  });
}

export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiClientCreate) =>
      api<ApiClientCreated>('/api/api-clients', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.clients }),
  });
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string; client: ApiClient }>(`/api/api-clients/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.clients }),
  });
}
