/** The support form call and the admin Support Collection list with their hooks. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { SupportAddResponse, SearchPageQuery, SupportMessage, SupportRequest } from '@campus/contract';
import { api } from '../../lib/api-client';

export const supportKeys = {
  all: ['support'] as const,
  list: (query: SearchPageQuery) => [...supportKeys.all, 'list', query] as const,
};

export function submitSupport(body: SupportRequest): Promise<SupportAddResponse> {
  return api<SupportAddResponse>('/api/support-add', { method: 'POST', body, auth: false });
}

export function useSubmitSupport() {
  return useMutation({ mutationFn: submitSupport });
}

export function fetchSupportMessages(query: SearchPageQuery): Promise<SupportMessage[]> {
  return api<SupportMessage[]>('/api/supports', { query });
}

/** One page of the Support Collection; the previous page stays on screen while the next loads. */
export function useSupportMessages(query: SearchPageQuery) {
  return useQuery({
    queryKey: supportKeys.list(query),
    queryFn: () => fetchSupportMessages(query),
    placeholderData: keepPreviousData,
  });
}
