/** Gate pass calls (SPEC §7) with their query and mutation hooks. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkGatePassResult,
  BulkGatePassStatusRequest,
  BulkGatePassStatusResponse,
  GatePass,
  GatePassDecision,
  GatePassSort,
  GatePassStatus,
  SortOrder,
  Student,
  SubmitGatePassRequest,
  SubmitGatePassResponse,
  UpdateGatePassStatusRequest,
} from '@campus/contract';
import { api, request } from '../../lib/api-client';
import { fetchAll } from '../../lib/pages';
import { WORK_LIST_PAGE_SIZE } from '../../components/work-list-filters';

export const gatePassKeys = {
  all: ['gatepasses'] as const,
  /** One student's passes with a status. */
  ofStudent: (status: GatePassStatus, rollNo: number) => ['gatepasses', status, rollNo] as const,
  /** One page of the teachers' work list. */
  workList: (status: GatePassStatus, filter: WorkListFilter) =>
    ['gatepasses', status, 'work', filter] as const,
  one: (id: string) => ['gatepasses', 'one', id] as const,
};

/** What the teachers' work list shows: a group (or all), only mentees or everyone, an order and a page. */
export interface WorkListFilter {
  group: string | null;
  mine: boolean;
  sort: GatePassSort;
  order: SortOrder;
  page: number;
}

export interface WorkListPage {
  passes: GatePass[];
  /** Every pass that matches the filter (X-Total-Count), not only this page's. */
  total: number;
  offset: number;
}

export async function fetchWorkList(
  status: GatePassStatus,
  { group, mine, sort, order, page }: WorkListFilter,
  signal?: AbortSignal,
): Promise<WorkListPage> {
  const offset = page * WORK_LIST_PAGE_SIZE;
  const { data, headers } = await request<GatePass[]>(`/api/gatepasses/${status}`, {
    query: {
      group: group ?? undefined,
      mine: mine ? 'true' : undefined,
      sort,
      order,
      limit: WORK_LIST_PAGE_SIZE,
      offset,
      // Each pass under its decision, with what became of it (decision record 0067).
      asDecided: 'true',
    },
    ...(signal ? { signal } : {}),
  });
  const total = Number(headers.get('x-total-count'));
  return { passes: data, total: Number.isFinite(total) ? total : offset + data.length, offset };
}

/** A page of the work list; the page on show stays while the next one loads. */
export function useWorkList(status: GatePassStatus, filter: WorkListFilter) {
  return useQuery({
    queryKey: gatePassKeys.workList(status, filter),
    queryFn: ({ signal }) => fetchWorkList(status, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** One pass, as a notification about it opens it. */
export function useGatePass(id: string | null) {
  return useQuery({
    queryKey: gatePassKeys.one(id ?? ''),
    queryFn: ({ signal }) => api<GatePass>(`/api/gatepass/${id!}`, { signal }),
    enabled: id !== null,
  });
}

export function fetchStudentGatePasses(status: GatePassStatus, rollNo: number): Promise<GatePass[]> {
  return fetchAll<GatePass>(`/api/gatepasses/${status}/${rollNo}`, { asDecided: 'true' });
}

/** The signed-in student's passes; nothing is asked until the roll number is known. */
export const studentGatePassesQuery = (status: GatePassStatus, rollNo: number) =>
  queryOptions({
    queryKey: gatePassKeys.ofStudent(status, rollNo),
    queryFn: () => fetchStudentGatePasses(status, rollNo),
  });

export function useStudentGatePasses(status: GatePassStatus, rollNo: number | undefined) {
  return useQuery({ ...studentGatePassesQuery(status, rollNo ?? 0), enabled: rollNo !== undefined });
}

/** A student's details, under the key the profile reads them by (one request serves both). */
export const studentDetailsQuery = (rollNo: number) =>
  queryOptions({
    queryKey: ['details', `/api/student-details/${rollNo}`] as const,
    queryFn: ({ signal }) => api<Student>(`/api/student-details/${rollNo}`, { signal }),
  });

/** The student's phone number, which prefills the form's contact field. */
export function useStudentContact(rollNo: number | undefined) {
  return useQuery({
    ...studentDetailsQuery(rollNo ?? 0),
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

export function updateGatePassStatusBulk(
  body: BulkGatePassStatusRequest,
): Promise<BulkGatePassStatusResponse> {
  return api<BulkGatePassStatusResponse>('/api/gatepasses/update-status-bulk', { method: 'PUT', body });
}

export interface DecisionBatch {
  passes: GatePass[];
  decision: GatePassDecision;
  rejectReason?: string | undefined;
}

/**
 * Sends a decision: one pass by the §7 call, several by the bulk call. Answers the outcome of each
 * pass; a refused single decision (409 and the like) is thrown, as the §7 call reports it.
 */
export async function sendDecision({
  passes,
  decision,
  rejectReason,
}: DecisionBatch): Promise<BulkGatePassResult[]> {
  const reason = decision === 'rejected' && rejectReason?.trim() ? { rejectReason: rejectReason.trim() } : {};
  if (passes.length === 1) {
    const gatepass = await updateGatePassStatus({
      gatepassId: passes[0]!._id,
      approvedStatus: decision,
      ...reason,
    });
    return [{ gatepassId: gatepass._id, outcome: 'decided', gatepass }];
  }
  const { results } = await updateGatePassStatusBulk({
    gatepassIds: passes.map((p) => p._id),
    approvedStatus: decision,
    ...reason,
  });
  return results;
}
