/** Q&A board calls (SPEC §7, the like toggle and hiding spam) with their query and mutation hooks. */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  NEW_QUERY_LIKES,
  TOTAL_COUNT_HEADER,
  UNSOLVED_SOLUTION,
  type LikeResponse,
  type QueriesResponse,
  type Query,
  type QuerySort,
  type SimilarQuery,
  type SortOrder,
  type SubmitQueryResponse,
  type UpdateSolutionRequest,
} from '@campus/contract';
import { api, request } from '../../lib/api-client';
import { fetchPage, type Page } from '../../lib/pages';
import { WORK_LIST_PAGE_SIZE } from '../../components/work-list-filters';

export const queryKeys = {
  all: ['queries'] as const,
  unsolved: ['queries', 'unsolved'] as const,
  solved: ['queries', 'solved'] as const,
  board: (solved: boolean, filter: BoardFilter) =>
    ['queries', solved ? 'solved' : 'unsolved', filter] as const,
  byRollNo: (rollNo: number, filter?: OwnFilter) => ['queries', 'by-rollno', rollNo, filter] as const,
  collection: (page: CollectionPage) => ['queries', 'collection', page] as const,
  one: (id: string) => ['queries', 'one', id] as const,
  workList: (solved: boolean, filter: QueryWorkListFilter) =>
    ['queries', 'work-list', solved ? 'solved' : 'unsolved', filter] as const,
};

/** What the teachers' query work list shows: a group (or all), only mentees or everyone, an order, a page. */
export interface QueryWorkListFilter {
  group: string | null;
  mine: boolean;
  sort: QuerySort;
  order: SortOrder;
  page: number;
}

/** A page of a board with its total (X-Total-Count), in the shape every paged list is cached in. */
export async function fetchQueryWorkList(
  solved: boolean,
  { group, mine, sort, order, page }: QueryWorkListFilter,
  signal?: AbortSignal,
): Promise<Page<Query>> {
  const offset = page * WORK_LIST_PAGE_SIZE;
  const { data, headers } = await request<QueriesResponse>(
    solved ? '/api/queries-with-solution' : '/api/queries-without-solution',
    {
      query: {
        group: group ?? undefined,
        mine: mine ? 'true' : undefined,
        sort,
        order,
        limit: WORK_LIST_PAGE_SIZE,
        offset,
      },
      ...(signal ? { signal } : {}),
    },
  );
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  const counted = Number.isFinite(total) ? total : offset + data.queries.length;
  return {
    items: data.queries,
    hasMore: offset + data.queries.length < counted,
    offset,
    total: counted,
  };
}

/** A page of the teachers' query work list; the page on show stays while the next one loads. */
export function useQueryWorkList(solved: boolean, filter: QueryWorkListFilter) {
  return useQuery({
    queryKey: queryKeys.workList(solved, filter),
    queryFn: ({ signal }) => fetchQueryWorkList(solved, filter, signal),
    placeholderData: keepPreviousData,
  });
}

export const isSolved = (query: Query): boolean => query.solution !== UNSOLVED_SOLUTION;

/** One query with its answer, as the notification of its answer opens it. */
export function useOneQuery(id: string | null) {
  return useQuery({
    queryKey: queryKeys.one(id ?? ''),
    queryFn: ({ signal }) => api<Query>(`/api/queries/${id!}`, { signal }),
    enabled: id !== null,
  });
}

/** Changes one query wherever a cached list shows it: the boards hold arrays, the collection a page. */
function updateCached(queryClient: QueryClient, queryId: string, change: (query: Query) => Query): void {
  const map = (list: Query[]) => list.map((q) => (q._id === queryId ? change(q) : q));
  queryClient.setQueriesData<Query[] | Page<Query>>({ queryKey: queryKeys.all }, (cached) => {
    if (!cached) return cached;
    return Array.isArray(cached) ? map(cached) : { ...cached, items: map(cached.items) };
  });
}

/** How many queries a page of a board, or of a student's own, shows. */
export const BOARD_PAGE_SIZE = 20;

/** A page of a board as the student reads it: words to look for and a tag (both may be empty). */
export interface BoardFilter {
  search: string;
  tag: string;
  page: number;
}

/** A page of the student's own queries: all, or only the solved or the unsolved ones. */
export interface OwnFilter {
  solved: boolean | null;
  page: number;
}

/** One page of a list that answers `{ queries }`, with the total from X-Total-Count. */
async function fetchQueriesPage(
  path: string,
  query: Record<string, string | undefined>,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Query>> {
  const offset = page * BOARD_PAGE_SIZE;
  const { data, headers } = await request<QueriesResponse>(path, {
    query: { ...query, limit: BOARD_PAGE_SIZE, offset },
    ...(signal ? { signal } : {}),
  });
  const header = headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const shown = offset + data.queries.length;
  return {
    items: data.queries,
    hasMore: total === null ? data.queries.length === BOARD_PAGE_SIZE : shown < total,
    offset,
    total,
  };
}

/** A page of the unsolved or the solved board; the page on show stays while the next one loads. */
export const boardQuery = (solved: boolean, filter: BoardFilter) =>
  queryOptions({
    queryKey: queryKeys.board(solved, filter),
    queryFn: ({ signal }) =>
      fetchQueriesPage(
        solved ? '/api/queries-with-solution' : '/api/queries-without-solution',
        { search: filter.search || undefined, tag: filter.tag || undefined },
        filter.page,
        signal,
      ),
  });

export function useBoard(solved: boolean, filter: BoardFilter) {
  return useQuery({ ...boardQuery(solved, filter), placeholderData: keepPreviousData });
}

/** A page of the student's own queries; nothing is asked until the roll number is known. */
export function useQueriesByRollNo(rollNo: number | undefined, filter: OwnFilter) {
  return useQuery({
    queryKey: queryKeys.byRollNo(rollNo ?? 0, filter),
    queryFn: ({ signal }) =>
      fetchQueriesPage(
        `/api/queries-by-rollno/${rollNo!}`,
        { solved: filter.solved === null ? undefined : String(filter.solved) },
        filter.page,
        signal,
      ),
    enabled: rollNo !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The §7 body; the server takes identity from the session, starts likes at 0 and the query unsolved. */
export interface QuerySubmission {
  name: string;
  rollNo: number;
  email: string;
  topic: string;
  tags: string[];
  query: string;
  anonymous?: boolean;
}

export function submitQuery(body: QuerySubmission): Promise<SubmitQueryResponse> {
  return api<SubmitQueryResponse>('/api/submit-query', {
    method: 'POST',
    body: { ...body, likes: NEW_QUERY_LIKES, solution: UNSOLVED_SOLUTION },
  });
}

export function useSubmitQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.all }),
  });
}

export function updateSolution(body: UpdateSolutionRequest): Promise<Query> {
  return api<Query>('/api/queries/update-solution', { method: 'PUT', body });
}

/**
 * Answer a query; on success it leaves the unsolved list at once and the lists are refreshed. The
 * callbacks are hook-level because the answering card unmounts as soon as its query moves.
 */
export function useUpdateSolution({
  onSolved,
  onFailure,
}: {
  onSolved: (query: Query) => void;
  onFailure: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSolution,
    onError: onFailure,
    onSuccess: (solved) => {
      onSolved(solved);
      // Every cached page of the unsolved board loses it at once; the boards are then fetched again.
      dropFromBoard(queryClient, queryKeys.unsolved, solved._id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.all }),
  });
}

/** Takes a query off every cached page of a board (the teachers' work list pages are under another key). */
function dropFromBoard(queryClient: QueryClient, board: readonly string[], queryId: string): void {
  queryClient.setQueriesData<Page<Query>>({ queryKey: board }, (cached) =>
    cached ? { ...cached, items: cached.items.filter((q) => q._id !== queryId) } : cached,
  );
}

export function toggleLike(queryId: string): Promise<LikeResponse> {
  return api<LikeResponse>(`/api/queries/${queryId}/like`, { method: 'POST', body: {} });
}

/** Toggles the signed-in account's like and writes the new count into every cached list. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleLike,
    onSuccess: ({ likes, liked }, queryId) => {
      updateCached(queryClient, queryId, (q) => ({ ...q, likes, likedByMe: liked }));
    },
  });
}

export function setQueryHidden({ queryId, hidden }: { queryId: string; hidden: boolean }): Promise<Query> {
  return api<Query>(`/api/queries/${queryId}/hidden`, { method: 'PUT', body: { hidden } });
}

/**
 * Hides a query as spam (teachers, admins), or shows it again: a hidden query leaves both boards at
 * once, and every other cached list shows its new state; then the lists are refreshed.
 */
export function useSetQueryHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQueryHidden,
    onSuccess: (updated) => {
      const hidden = updated.hidden === true;
      if (hidden) {
        for (const board of [queryKeys.unsolved, queryKeys.solved])
          dropFromBoard(queryClient, board, updated._id);
      }
      updateCached(queryClient, updated._id, (q) => ('hidden' in q ? { ...q, hidden } : q));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.all }),
  });
}

export const COLLECTION_PAGE_SIZE = 20;

export interface CollectionPage {
  search: string;
  page: number;
}

/** The admin Queries Collection, one server page at a time; the previous page stays while the next loads. */
export function useQueryCollection({ search, page }: CollectionPage) {
  return useQuery({
    queryKey: queryKeys.collection({ search, page }),
    queryFn: ({ signal }) =>
      fetchPage<Query>(
        '/api/queries',
        { search: search || undefined },
        { limit: COLLECTION_PAGE_SIZE, offset: page * COLLECTION_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Up to five questions on the boards like the topic being written (empty: none asked for). */
export function useSimilarQueries(text: string) {
  return useQuery({
    queryKey: ['queries', 'similar', text] as const,
    queryFn: ({ signal }) =>
      api<SimilarQuery[]>(`/api/queries/similar?q=${encodeURIComponent(text)}`, { signal }),
    enabled: text.length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
