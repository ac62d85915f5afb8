/** The support form call and the admin's support inbox (list, counts per status, status change) with their hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SupportAddResponse,
  SupportMessage,
  SupportRequest,
  SupportStatus,
  SupportStatusCounts,
} from '@campus/contract';
import { api } from '../../lib/api-client';
import { fetchPage } from '../../lib/pages';

export const SUPPORT_PAGE_SIZE = 20;

export interface SupportFilter {
  search: string;
  status: SupportStatus | null;
  page: number;
}

export const supportKeys = {
  all: ['support'] as const,
  list: (filter: SupportFilter) => [...supportKeys.all, 'list', filter] as const,
  counts: () => [...supportKeys.all, 'counts'] as const,
};

export function submitSupport(body: SupportRequest): Promise<SupportAddResponse> {
  return api<SupportAddResponse>('/api/support-add', { method: 'POST', body, auth: false });
}

export function useSubmitSupport() {
  return useMutation({ mutationFn: submitSupport });
}

/** One page of the support inbox; the previous page stays on screen while the next loads. */
export function useSupportMessages({ search, status, page }: SupportFilter) {
  return useQuery({
    queryKey: supportKeys.list({ search, status, page }),
    queryFn: ({ signal }) =>
      fetchPage<SupportMessage>(
        '/api/supports',
        { search: search || undefined, status: status ?? undefined },
        { limit: SUPPORT_PAGE_SIZE, offset: page * SUPPORT_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** How many messages are new, in progress and resolved. */
export function useSupportCounts() {
  return useQuery({
    queryKey: supportKeys.counts(),
    queryFn: ({ signal }) => api<SupportStatusCounts>('/api/supports/status-counts', { signal }),
  });
}

export interface StatusChange {
  message: SupportMessage;
  status: SupportStatus;
}

/** Marks a message new, in progress or resolved; the lists and the counts are read again. */
export function useSetSupportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, status }: StatusChange) =>
      api<SupportMessage>(`/api/supports/${encodeURIComponent(message._id)}/status`, {
        method: 'PUT',
        body: { status },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
