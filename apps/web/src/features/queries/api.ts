/** Q&A board calls (SPEC §7, the like toggle and hiding spam) with their query and mutation hooks. */
import {
  keepPreviousData,
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
  type SortOrder,
  type SubmitQueryResponse,
  type UpdateSolutionRequest,
} from '@campus/contract';
import { api, request } from '../../lib/api-client';
import { fetchPage, type Page } from '../../lib/pages';

export const queryKeys = {
  all: ['queries'] as const,
  unsolved: ['queries', 'unsolved'] as const,
  solved: ['queries', 'solved'] as const,
  byRollNo: (rollNo: number) => ['queries', 'by-rollno', rollNo] as const,
  collection: (page: CollectionPage) => ['queries', 'collection', page] as const,
  workList: (solved: boolean, filter: QueryWorkListFilter) =>
    ['queries', 'work-list', solved ? 'solved' : 'unsolved', filter] as const,
};

export const QUERY_WORK_LIST_PAGE_SIZE = 50;

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
  const offset = page * QUERY_WORK_LIST_PAGE_SIZE;
  const { data, headers } = await request<QueriesResponse>(
    solved ? '/api/queries-with-solution' : '/api/queries-without-solution',
    {
      query: {
        group: group ?? undefined,
        mine: mine ? 'true' : undefined,
        sort,
        order,
        limit: QUERY_WORK_LIST_PAGE_SIZE,
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

/** Changes one query wherever a cached list shows it: the boards hold arrays, the collection a page. */
function updateCached(queryClient: QueryClient, queryId: string, change: (query: Query) => Query): void {
  const map = (list: Query[]) => list.map((q) => (q._id === queryId ? change(q) : q));
  queryClient.setQueriesData<Query[] | Page<Query>>({ queryKey: queryKeys.all }, (cached) => {
    if (!cached) return cached;
    return Array.isArray(cached) ? map(cached) : { ...cached, items: map(cached.items) };
  });
}

async function fetchBoard(path: string): Promise<Query[]> {
  const res = await api<QueriesResponse>(path);
  return res.queries;
}

export function useUnsolvedQueries() {
  return useQuery({
    queryKey: queryKeys.unsolved,
    queryFn: () => fetchBoard('/api/queries-without-solution'),
  });
}

export function useSolvedQueries() {
  return useQuery({ queryKey: queryKeys.solved, queryFn: () => fetchBoard('/api/queries-with-solution') });
}

/** The student's own queries; nothing is asked until the roll number is known. */
export function useQueriesByRollNo(rollNo: number | undefined) {
  return useQuery({
    queryKey: queryKeys.byRollNo(rollNo ?? 0),
    queryFn: () => fetchBoard(`/api/queries-by-rollno/${rollNo!}`),
    enabled: rollNo !== undefined,
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
      queryClient.setQueryData<Query[]>(queryKeys.unsolved, (list) =>
        list?.filter((q) => q._id !== solved._id),
      );
      queryClient.setQueryData<Query[]>(queryKeys.solved, (list) =>
        list && !list.some((q) => q._id === solved._id) ? [solved, ...list] : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.all }),
  });
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
        for (const board of [queryKeys.unsolved, queryKeys.solved]) {
          queryClient.setQueryData<Query[]>(board, (list) => list?.filter((q) => q._id !== updated._id));
        }
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
