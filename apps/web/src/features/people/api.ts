/** Students, teachers, groups and profiles: one function per endpoint plus its query hook (SPEC §7). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContactTeacher, Student, Teacher } from '@campus/contract';
import { api, request } from '../../lib/api-client';

export const TABLE_PAGE_SIZE = 20;

/**
 * One page of a server-paged list. One extra row is asked for to know whether a next page exists;
 * the total comes from the server's X-Total-Count, when it sends one.
 */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
  offset: number;
  total: number | null;
}

async function fetchPage<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  limit: number,
  offset: number,
  signal: AbortSignal,
): Promise<Page<T>> {
  const { data: rows, headers } = await request<T[]>(path, {
    query: { ...query, limit: limit + 1, offset },
    signal,
  });
  const total = headers.get('x-total-count');
  return {
    items: rows.slice(0, limit),
    hasMore: rows.length > limit,
    offset,
    total: total === null || !/^\d+$/.test(total) ? null : Number(total),
  };
}

/** The teacher's Manage Students list and the admin's Students Collection answer the same shape. */
export type StudentSource = '/api/manage-students' | '/api/student';

export interface StudentFilter {
  search: string;
  group: string;
  page: number;
}

export function useStudents(source: StudentSource, { search, group, page }: StudentFilter) {
  return useQuery({
    queryKey: ['students', source, { search, group, page }] as const,
    queryFn: ({ signal }) =>
      fetchPage<Student>(
        source,
        { search: search || undefined, group: group || undefined },
        TABLE_PAGE_SIZE,
        page * TABLE_PAGE_SIZE,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTeachers({ search, page }: { search: string; page: number }) {
  return useQuery({
    queryKey: ['teachers', { search, page }] as const,
    queryFn: ({ signal }) =>
      fetchPage<Teacher>(
        '/api/teachers',
        { search: search || undefined },
        TABLE_PAGE_SIZE,
        page * TABLE_PAGE_SIZE,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every student group, for the group filter. Groups change rarely. */
export function useGroups() {
  return useQuery({
    queryKey: ['groups'],
    queryFn: ({ signal }) => api<string[]>('/api/groups', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Teachers as contact cards, the signed-in student's own mentors first. */
export function useContactTeachers(limit: number) {
  return useQuery({
    queryKey: ['contact-teachers', { limit }] as const,
    queryFn: ({ signal }) => fetchPage<ContactTeacher>('/api/contact-teachers', {}, limit, 0, signal),
    placeholderData: keepPreviousData,
  });
}

/** A student's or teacher's details; `path` is null while the id is not known. */
export function useDetails<T>(path: string | null) {
  return useQuery({
    queryKey: ['details', path],
    queryFn: ({ signal }) => api<T>(path!, { signal }),
    enabled: path !== null,
  });
}
