/** The office's calls for guardians (decision record 0091): the paged list, create, link, unlink, reset. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Guardian, GuardianCreateInput } from '@campus/contract';
import { api } from '../../lib/api-client';
import { fetchPage } from '../../lib/pages';

export const GUARDIAN_PAGE_SIZE = 20;

export function useGuardianList({ search, page }: { search: string; page: number }) {
  return useQuery({
    queryKey: ['guardians', { search, page }] as const,
    queryFn: ({ signal }) =>
      fetchPage<Guardian>(
        '/api/guardians',
        { search: search || undefined },
        { limit: GUARDIAN_PAGE_SIZE, offset: page * GUARDIAN_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every change to a guardian refreshes the list. */
function useGuardianChange<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guardians'] }),
  });
}

export const useCreateGuardian = () =>
  useGuardianChange((body: GuardianCreateInput) =>
    api<{ message: string; guardian: Guardian; oneTimePassword: string }>('/api/guardians', {
      method: 'POST',
      body,
    }),
  );

export const useLinkGuardian = () =>
  useGuardianChange(
    ({ guardianId, rollNo, relation }: { guardianId: number; rollNo: number; relation: string }) =>
      api<{ message: string; guardian: Guardian }>(`/api/guardians/${guardianId}/students/${rollNo}`, {
        method: 'PUT',
        body: { relation },
      }),
  );

export const useUnlinkGuardian = () =>
  useGuardianChange(({ guardianId, rollNo }: { guardianId: number; rollNo: number }) =>
    api<{ message: string }>(`/api/guardians/${guardianId}/students/${rollNo}`, { method: 'DELETE' }),
  );

export const useResetGuardianPassword = () =>
  useGuardianChange((guardianId: number) =>
    api<{ message: string; oneTimePassword: string }>(`/api/guardians/${guardianId}/reset-password`, {
      method: 'POST',
    }),
  );
