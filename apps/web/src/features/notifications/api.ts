/** Notification calls with their query and mutation hooks; live updates reload them by their key. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type Notification } from '@campus/contract';
import { api, request } from '../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
};

export const INBOX_PAGE_SIZE = 20;

export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api<{ count: number }>('/api/notifications/unread-count', { signal }),
    select: (answer) => answer.count,
  });
}

export interface InboxPage {
  items: Notification[];
  total: number;
}

export const inboxQuery = (page: number) =>
  queryOptions({
    queryKey: notificationKeys.page(page),
    queryFn: async ({ signal }): Promise<InboxPage> => {
      const { data, headers } = await request<Notification[]>('/api/notifications', {
        query: { limit: INBOX_PAGE_SIZE, offset: page * INBOX_PAGE_SIZE },
        signal,
      });
      return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
  });

export function useInbox(page: number) {
  return useQuery({ ...inboxQuery(page), placeholderData: keepPreviousData });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/notifications/${id}/read`, { method: 'PUT' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Marks what the inbox showed read: the inbox does this itself when it opens. */
export function useMarkShownRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api<{ count: number }>('/api/notifications/read', { method: 'PUT', body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkUnread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/notifications/${id}/unread`, { method: 'PUT' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ count: number }>('/api/notifications/read-all', { method: 'PUT' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
