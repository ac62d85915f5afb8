/** The gate's calls: a pass's credential, the guard's scan and confirmations, the movement log, guards. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GateAnswer,
  GateCredential,
  GateDirection,
  GateMoveRequest,
  GateMovements,
  GatePass,
  Guard,
  GuardCreateInput,
} from '@campus/contract';
import { api } from '../../lib/api-client';
import { gatePassKeys } from '../gatepasses/api';

export function useGateCredential(gatepassId: string | null) {
  return useQuery({
    queryKey: ['gate-credential', gatepassId],
    queryFn: () => api<GateCredential>(`/api/gatepasses/${gatepassId!}/credential`),
    enabled: gatepassId !== null,
    staleTime: 5 * 60_000,
  });
}

export const scanPass = (body: { credential?: string; code?: string; direction?: GateDirection }) =>
  api<GateAnswer>('/api/gate/scan', { method: 'POST', body });

/** Confirms a move with what proves the pass was scanned (the scan's id, or its code or credential). */
export const confirmMove = (direction: 'exit' | 'return', proof: GateMoveRequest) =>
  api<GateAnswer>(`/api/gate/${direction}`, { method: 'POST', body: proof });

export function useWithdrawGatePass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gatepassId: string) =>
      api<{ message: string }>('/api/gatepasses/withdraw', { method: 'PUT', body: { gatepassId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatePassKeys.all }),
  });
}

export function useRevokeGatePass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gatepassId: string) =>
      api<GatePass>('/api/gatepasses/revoke', { method: 'PUT', body: { gatepassId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatePassKeys.all }),
  });
}

export function useMovements(date: string, group: string | null) {
  return useQuery({
    queryKey: ['gatepasses', 'movements', date, group],
    queryFn: () => api<GateMovements>('/api/gate/movements', { query: { date, group: group ?? undefined } }),
  });
}

export function useGuards() {
  return useQuery({ queryKey: ['guards'], queryFn: () => api<Guard[]>('/api/guards') });
}

export function useCreateGuard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardCreateInput) =>
      api<{ message: string; guard: Guard; oneTimePassword: string }>('/api/guards', {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guards'] }),
  });
}

export function useGuardActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guardId, active }: { guardId: number; active: boolean }) =>
      api<{ message: string; guard: Guard }>(`/api/guards/${guardId}/active`, {
        method: 'PUT',
        body: { active },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['guards'] }),
  });
}
