/** The support form call and the admin Support Collection list with their hooks. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { SupportAddResponse, SupportMessage, SupportRequest } from '@campus/contract';
import { api } from '../../lib/api-client';
import { fetchPage } from '../../lib/pages';

export const SUPPORT_PAGE_SIZE = 20;

export interface SupportFilter {
  search: string;
  page: number;
}

export const supportKeys = {
  all: ['support'] as const,
  list: (filter: SupportFilter) => [...supportKeys.all, 'list', filter] as const,
};

export function submitSupport(body: SupportRequest): Promise<SupportAddResponse> {
  return api<SupportAddResponse>('/api/support-add', { method: 'POST', body, auth: false });
}

export function useSubmitSupport() {
  return useMutation({ mutationFn: submitSupport });
}

/** One page of the Support Collection; the previous page stays on screen while the next loads. */
export function useSupportMessages({ search, page }: SupportFilter) {
  return useQuery({
    queryKey: supportKeys.list({ search, page }),
    queryFn: ({ signal }) =>
      fetchPage<SupportMessage>(
        '/api/supports',
        { search: search || undefined },
        { limit: SUPPORT_PAGE_SIZE, offset: page * SUPPORT_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
