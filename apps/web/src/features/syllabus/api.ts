/** Syllabus entries: the searchable list and the teacher's add mutation (SPEC §7). */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Syllabus, SyllabusAddRequest, SyllabusAddResponse } from '@campus/contract';
import { api } from '../../lib/api-client';

export const syllabusKeys = {
  all: ['syllabus'] as const,
  list: (search: string, limit: number) => ['syllabus', { search, limit }] as const,
};

export interface SyllabusPage {
  items: Syllabus[];
  hasMore: boolean;
}

/** `search` matches inside the course name on the server; one extra row tells whether more remain. */
export async function fetchSyllabus(
  search: string,
  limit: number,
  signal?: AbortSignal,
): Promise<SyllabusPage> {
  const rows = await api<Syllabus[]>('/api/syllabus', {
    query: { search: search.trim(), limit: limit + 1 },
    signal,
  });
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

export const syllabusQuery = (search: string, limit: number) =>
  queryOptions({
    queryKey: syllabusKeys.list(search.trim(), limit),
    queryFn: ({ signal }) => fetchSyllabus(search, limit, signal),
  });

export function useSyllabus(search: string, limit: number) {
  return useQuery({ ...syllabusQuery(search, limit), placeholderData: keepPreviousData });
}

export function addSyllabus(body: SyllabusAddRequest): Promise<SyllabusAddResponse> {
  return api<SyllabusAddResponse>('/api/syllabus-add', { method: 'POST', body });
}

export function useAddSyllabus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSyllabus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: syllabusKeys.all }),
  });
}
