/**
 * Performance calls (SPEC §7): one student's marks card and the staff table with search and paging;
 * and the marks editor's: a group's marks, one student's, and saving them.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ROSTER_MAX_LIMIT,
  type MarksRecord,
  type MarksUpdate,
  type MarksUpdateResponse,
  type Performance,
} from '@campus/contract';
import { api } from '../../lib/api-client';
import { fetchPage, type Page } from '../../lib/pages';

export const PERFORMANCE_PAGE_SIZE = 50;

export const performanceKeys = {
  all: ['performance'] as const,
  student: (rollNo: number) => ['performance', 'student', rollNo] as const,
  table: (search: string, page: number) => ['performance', 'table', search, page] as const,
  groupMarks: (group: string) => ['performance', 'marks', 'group', group] as const,
  marks: (rollNo: number) => ['performance', 'marks', 'student', rollNo] as const,
};

/** The §7 answer is an array whose first element is the record; null when the student has none. */
export async function fetchStudentPerformance(rollNo: number): Promise<Performance | null> {
  const records = await api<Performance[]>(`/api/performance/${rollNo}`);
  return records[0] ?? null;
}

export const studentPerformanceQuery = (rollNo: number) =>
  queryOptions({
    queryKey: performanceKeys.student(rollNo),
    queryFn: () => fetchStudentPerformance(rollNo),
  });

export function useStudentPerformance(rollNo: number | undefined) {
  return useQuery({ ...studentPerformanceQuery(rollNo ?? 0), enabled: rollNo !== undefined });
}

/** One page of the table, with the total of matching students when the server sends it. */
export function fetchPerformancePage(search: string, page: number): Promise<Page<Performance>> {
  return fetchPage<Performance>(
    '/api/students-performance',
    { search: search || undefined },
    { limit: PERFORMANCE_PAGE_SIZE, offset: page * PERFORMANCE_PAGE_SIZE },
  );
}

export function useStudentsPerformance(search: string, page: number) {
  return useQuery({
    queryKey: performanceKeys.table(search, page),
    queryFn: () => fetchPerformancePage(search, page),
    placeholderData: keepPreviousData,
  });
}

/** A group's students with their marks, those without marks too; a whole group fits in one page. */
export function fetchGroupMarks(group: string): Promise<MarksRecord[]> {
  return api<MarksRecord[]>('/api/marks', { query: { group, limit: ROSTER_MAX_LIMIT } });
}

export function useGroupMarks(group: string | null) {
  return useQuery({
    queryKey: performanceKeys.groupMarks(group ?? ''),
    queryFn: () => fetchGroupMarks(group!),
    enabled: group !== null,
  });
}

/** One student's marks as the editor shows them; always read afresh when the editor opens. */
export function useMarks(rollNo: number) {
  return useQuery({
    queryKey: performanceKeys.marks(rollNo),
    queryFn: () => api<MarksRecord>(`/api/marks/${rollNo}`),
    staleTime: 0,
  });
}

export function saveMarks({
  rollNo,
  marks,
}: {
  rollNo: number;
  marks: MarksUpdate;
}): Promise<MarksUpdateResponse> {
  return api<MarksUpdateResponse>(`/api/marks/${rollNo}`, { method: 'PUT', body: marks });
}

/** Saving marks refreshes every performance list and card, so the tables show the new marks at once. */
export function useSaveMarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarks,
    onSuccess: (response) => {
      queryClient.setQueryData(performanceKeys.marks(response.record.RollNo), response.record);
      return queryClient.invalidateQueries({ queryKey: performanceKeys.all });
    },
  });
}
