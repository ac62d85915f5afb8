/** A guardian's calls: sign-in by a mailed code, their children and one child's records (record 0091). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GuardianAbsenceRequest,
  GuardianChild,
  GuardianChildDetail,
  LoginResponse,
} from '@campus/contract';
import { api } from '../../lib/api-client';

export function askForCode(email: string) {
  return api<{ message: string }>('/api/guardian/code', { method: 'POST', body: { email }, auth: false });
}

export function signInWithCode(email: string, code: string) {
  return api<Partial<LoginResponse>>('/api/guardian/sign-in', {
    method: 'POST',
    body: { email, code },
    auth: false,
  });
}

export function useChildren() {
  return useQuery({
    queryKey: ['guardian', 'children'],
    queryFn: () => api<GuardianChild[]>('/api/guardian/children'),
  });
}

export function useChild(rollNo: number | undefined) {
  return useQuery({
    queryKey: ['guardian', 'child', rollNo],
    queryFn: () => api<GuardianChildDetail>(`/api/guardian/children/${rollNo}`),
    enabled: rollNo !== undefined,
  });
}

export function useReportAbsence(rollNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardianAbsenceRequest) =>
      api<{ message: string }>(`/api/guardian/children/${rollNo}/absence`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guardian'] }),
  });
}

export function choosePassword(newPassword: string) {
  return api<{ message: string }>('/api/guardian/password', { method: 'PUT', body: { newPassword } });
}
