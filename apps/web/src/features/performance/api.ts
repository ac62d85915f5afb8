/** Performance calls (SPEC §7): one student's marks card and the staff table with search and paging. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Performance } from '@campus/contract';
import { api } from '../../lib/api-client';

export const PERFORMANCE_PAGE_SIZE = 50;

export const performanceKeys = {
  student: (rollNo: number) => ['performance', 'student', rollNo] as const,
  table: (search: string, page: number) => ['performance', 'table', search, page] as const,
};

/** The §7 answer is an array whose first element is the record; null when the student has none. */
export async function fetchStudentPerformance(rollNo: number): Promise<Performance | null> {
  const records = await api<Performance[]>(`/api/performance/${rollNo}`);
  return records[0] ?? null;
}

export function useStudentPerformance(rollNo: number | undefined) {
  return useQuery({
    queryKey: performanceKeys.student(rollNo ?? 0),
    queryFn: () => fetchStudentPerformance(rollNo!),
    enabled: rollNo !== undefined,
  });
}

export interface PerformancePage {
  rows: Performance[];
  hasNext: boolean;
}

/** One page of the table; one extra row is asked for to know whether a next page exists. */
export async function fetchPerformancePage(search: string, page: number): Promise<PerformancePage> {
  const rows = await api<Performance[]>('/api/students-performance', {
    query: {
      search: search || undefined,
      limit: PERFORMANCE_PAGE_SIZE + 1,
      offset: page * PERFORMANCE_PAGE_SIZE,
    },
  });
  return { rows: rows.slice(0, PERFORMANCE_PAGE_SIZE), hasNext: rows.length > PERFORMANCE_PAGE_SIZE };
}

export function useStudentsPerformance(search: string, page: number) {
  return useQuery({
    queryKey: performanceKeys.table(search, page),
    queryFn: () => fetchPerformancePage(search, page),
    placeholderData: keepPreviousData,
  });
}
