/** The groups the signed-in teacher mentors, from their details (SPEC §7 teacher-details). */
import { useQuery } from '@tanstack/react-query';
import type { Teacher } from '@campus/contract';
import { api } from './api-client';

/** Nothing is asked while the teacher id is not known (an admin has none). */
export function useMentoredGroups(teacherId: number | undefined) {
  return useQuery({
    queryKey: ['mentored-groups', teacherId ?? 0] as const,
    queryFn: async () => (await api<Teacher>(`/api/teacher-details/${teacherId}`)).groups,
    enabled: teacherId !== undefined,
    staleTime: 5 * 60_000,
  });
}
