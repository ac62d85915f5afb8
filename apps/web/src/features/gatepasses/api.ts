/** Gate pass calls (SPEC §7) with their query and mutation hooks. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  GatePass,
  GatePassDecision,
  GatePassStatus,
  Student,
  SubmitGatePassRequest,
  SubmitGatePassResponse,
  UpdateGatePassStatusRequest,
} from '@campus/contract';
import { api } from '../../lib/api-client';

export const gatePassKeys = {
  all: ['gatepasses'] as const,
  /** Every pass with a status (teachers). */
  byStatus: (status: GatePassStatus) => ['gatepasses', status] as const,
  /** One student's passes with a status. */
  ofStudent: (status: GatePassStatus, rollNo: number) => ['gatepasses', status, rollNo] as const,
};

export function fetchStudentGatePasses(status: GatePassStatus, rollNo: number): Promise<GatePass[]> {
  return api<GatePass[]>(`/api/gatepasses/${status}/${rollNo}`);
}

/** The signed-in student's passes; nothing is asked until the roll number is known. */
export function useStudentGatePasses(status: GatePassStatus, rollNo: number | undefined) {
  return useQuery({
    queryKey: gatePassKeys.ofStudent(status, rollNo ?? 0),
    queryFn: () => fetchStudentGatePasses(status, rollNo!),
    enabled: rollNo !== undefined,
  });
}

export function fetchGatePasses(status: GatePassStatus): Promise<GatePass[]> {
  return api<GatePass[]>(`/api/gatepasses/${status}`);
}

export function useGatePasses(status: GatePassStatus) {
  return useQuery({ queryKey: gatePassKeys.byStatus(status), queryFn: () => fetchGatePasses(status) });
}

/** The student's phone number, which prefills the form's contact field. */
export function useStudentContact(rollNo: number | undefined) {
  return useQuery({
    queryKey: ['student-details', rollNo],
    queryFn: () => api<Student>(`/api/student-details/${rollNo!}`),
    enabled: rollNo !== undefined,
    select: (student) => student.phoneNo ?? '',
    staleTime: 5 * 60_000,
  });
}

/** The §7 body: the server takes identity from the session and the status is always pending. */
export interface GatePassApplication extends SubmitGatePassRequest {
  name: string;
  rollNo: number;
  email: string;
  approvedStatus: 'pending';
}

export function submitGatePass(body: GatePassApplication): Promise<SubmitGatePassResponse> {
  return api<SubmitGatePassResponse>('/api/submit-gatepass', { method: 'POST', body });
}

export function useSubmitGatePass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitGatePass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatePassKeys.all }),
  });
}

export function updateGatePassStatus(body: UpdateGatePassStatusRequest): Promise<GatePass> {
  return api<GatePass>('/api/gatepasses/update-status', { method: 'PUT', body });
}

/** Moves one pass between the cached teacher lists, so a decision shows at once. */
function movePass(queryClient: QueryClient, pass: GatePass, from: GatePassStatus, to: GatePassStatus) {
  queryClient.setQueryData<GatePass[]>(gatePassKeys.byStatus(from), (list) =>
    list?.filter((p) => p._id !== pass._id),
  );
  queryClient.setQueryData<GatePass[]>(gatePassKeys.byStatus(to), (list) =>
    list && !list.some((p) => p._id === pass._id) ? [{ ...pass, approvedStatus: to }, ...list] : list,
  );
}

export interface GatePassDecisionInput {
  pass: GatePass;
  decision: GatePassDecision;
  /** Why a pass is rejected, shown to its student. */
  rejectReason?: string;
}

/**
 * Approve or reject: optimistic, undone for that one pass if the server refuses. `onFailure` is a
 * hook-level callback so that it fires for every failed decision, not only the latest one.
 */
export function useDecideGatePass(onFailure: (error: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pass, decision, rejectReason }: GatePassDecisionInput) =>
      updateGatePassStatus({
        gatepassId: pass._id,
        approvedStatus: decision,
        ...(decision === 'rejected' && rejectReason?.trim() ? { rejectReason: rejectReason.trim() } : {}),
      }),
    onMutate: async ({ pass, decision }) => {
      await queryClient.cancelQueries({ queryKey: gatePassKeys.all });
      movePass(queryClient, pass, 'pending', decision);
    },
    onError: (error, { pass, decision }) => {
      movePass(queryClient, pass, decision, 'pending');
      onFailure(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: gatePassKeys.all }),
  });
}
