/** Mentor notices, events and general notices: list queries and the create mutation (SPEC §7). */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CreateNoticeRequest,
  CreateNoticeResponse,
  EventNotice,
  GeneralNotice,
  MentorNotice,
  NoticeType,
} from '@campus/contract';
import { api } from '../../lib/api-client';

export interface NoticeByType {
  mentorNotice: MentorNotice;
  eventNotice: EventNotice;
  generalNotice: GeneralNotice;
}

const LIST_PATH: Record<NoticeType, string> = {
  mentorNotice: '/api/get-mentor-notices',
  eventNotice: '/api/get-events',
  generalNotice: '/api/get-notices',
};

/** One page of a list, newest first, and whether older notices remain. */
export interface NoticePage<T> {
  items: T[];
  hasMore: boolean;
}

/** How many notices a list shows at first, and how many more each "Show older" adds. */
export const NOTICE_PAGE_SIZE = 20;

export const noticeKeys = {
  all: ['notices'] as const,
  list: (type: NoticeType) => ['notices', type] as const,
  page: (type: NoticeType, limit: number) => ['notices', type, { limit }] as const,
};

/** Asks for one more than shown, so the screen knows whether a "Show older" button is needed. */
export async function fetchNotices<K extends NoticeType>(
  type: K,
  limit: number,
  signal?: AbortSignal,
): Promise<NoticePage<NoticeByType[K]>> {
  const rows = await api<NoticeByType[K][]>(LIST_PATH[type], { query: { limit: limit + 1 }, signal });
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

export function useNotices<K extends NoticeType>(type: K, limit: number) {
  return useQuery({
    queryKey: noticeKeys.page(type, limit),
    queryFn: ({ signal }) => fetchNotices(type, limit, signal),
    placeholderData: keepPreviousData,
  });
}

/** Loads the first page of a list into the cache before its screen is shown. */
export function prefetchNotices(queryClient: QueryClient, type: NoticeType): Promise<unknown> {
  return queryClient.query({
    queryKey: noticeKeys.page(type, NOTICE_PAGE_SIZE),
    queryFn: ({ signal }) => fetchNotices(type, NOTICE_PAGE_SIZE, signal),
  });
}

export function createNotice(body: CreateNoticeRequest): Promise<CreateNoticeResponse> {
  return api<CreateNoticeResponse>('/api/create-notice', { method: 'POST', body });
}

/** Creates a notice and shows it at once at the top of its list, then refetches that list. */
export function useCreateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotice,
    onSuccess: ({ type, notice }) => {
      queryClient.setQueriesData<NoticePage<unknown>>({ queryKey: noticeKeys.list(type) }, (page) =>
        page ? { ...page, items: [notice, ...page.items] } : page,
      );
      void queryClient.invalidateQueries({ queryKey: noticeKeys.list(type) });
    },
  });
}
