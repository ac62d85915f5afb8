/** Leave calls: apply, follow and withdraw one's own; decide a mentee's; download an attachment. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplyLeaveRequest,
  ApplyLeaveResponse,
  AttendanceSettings,
  AttendanceSettingsUpdate,
  DecideLeaveRequest,
  Leave,
  LeaveStatus,
  OnLeaveStudent,
} from '@campus/contract';
import { api, download } from '../../lib/api-client';
import { fetchPage } from '../../lib/pages';
import { saveFile } from '../../lib/save-file';
import { WORK_LIST_PAGE_SIZE } from '../../components/work-list-filters';

export const leaveKeys = {
  all: ['leave'] as const,
  mine: ['leave', 'mine'] as const,
  staff: (status: LeaveStatus, page: number) => ['leave', 'staff', status, page] as const,
  one: (id: string) => ['leave', 'one', id] as const,
  onLeave: (group: string, date: string) => ['attendance', 'on-leave', group, date] as const,
  settings: ['attendance', 'settings'] as const,
};

export function useMyLeave() {
  return useQuery({ queryKey: leaveKeys.mine, queryFn: () => api<Leave[]>('/api/leave/mine') });
}

/** A page of a work list of leave, newest applied first; the page on show stays while the next loads. */
export function useStaffLeave(status: LeaveStatus, page: number) {
  return useQuery({
    queryKey: leaveKeys.staff(status, page),
    queryFn: ({ signal }) =>
      fetchPage<Leave>(
        '/api/leave',
        { status },
        { limit: WORK_LIST_PAGE_SIZE, offset: page * WORK_LIST_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useApplyLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyLeaveRequest) => api<ApplyLeaveResponse>('/api/leave', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

export function useWithdrawLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Leave>(`/api/leave/${id}/withdraw`, { method: 'PUT' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

/** A decision on one leave application, held for Undo before it is sent. */
export interface LeaveDecisionBatch {
  leave: Leave;
  decision: DecideLeaveRequest['decision'];
  rejectReason?: string | undefined;
}

export function sendLeaveDecision({ leave, decision, rejectReason }: LeaveDecisionBatch): Promise<Leave> {
  const body: DecideLeaveRequest = { decision, ...(rejectReason ? { rejectReason } : {}) };
  return api<Leave>(`/api/leave/${leave._id}/decision`, { method: 'PUT', body });
}

/** What a decision on leave changes: the lists of leave, and who is On leave in attendance. */
export const LEAVE_DECISION_REFRESHES = [leaveKeys.all, ['attendance']] as const;

/** One leave application, as a notification about it opens it. */
export function useLeave(id: string | null) {
  return useQuery({
    queryKey: leaveKeys.one(id ?? ''),
    queryFn: ({ signal }) => api<Leave>(`/api/leave/${id!}`, { signal }),
    enabled: id !== null,
  });
}

export async function downloadAttachment(leave: Leave): Promise<void> {
  const { blob, filename } = await download(`/api/leave/${leave._id}/attachment`);
  saveFile(blob, filename ?? leave.attachment?.name ?? 'attachment');
}

/** The students of a group On leave on a day (approved leave or gate pass). */
export function useOnLeave(group: string | null, date: string) {
  return useQuery({
    queryKey: leaveKeys.onLeave(group ?? '', date),
    queryFn: () => api<OnLeaveStudent[]>('/api/attendance-leave', { query: { group: group!, date } }),
    enabled: group !== null,
    staleTime: 0,
  });
}

/** How the campus counts On leave days in the percentage, and its class hours. */
export const attendanceSettingsQuery = () =>
  queryOptions({
    queryKey: leaveKeys.settings,
    queryFn: () => api<AttendanceSettings>('/api/attendance-settings'),
    staleTime: 5 * 60_000,
  });

export function useAttendanceSettings() {
  return useQuery(attendanceSettingsQuery());
}

export function useSetAttendanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceSettingsUpdate) =>
      api<AttendanceSettings>('/api/attendance-settings', { method: 'PUT', body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(leaveKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: ['attendance', 'report'] });
    },
  });
}

/** A file as base64, for the JSON body. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
