/** Attendance calls (SPEC §7): the roster, a day's marks, marking a day and a student's history. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ROSTER_MAX_LIMIT,
  type AttendanceMark,
  type AttendanceRecord,
  type AttendanceStatus,
  type MarkAttendanceResponse,
  type RosterStudent,
} from '@campus/contract';
import { api } from '../../lib/api-client';

export const attendanceKeys = {
  groups: ['groups'] as const,
  roster: (group: string) => ['attendance', 'roster', group] as const,
  marks: (group: string, date: string) => ['attendance', 'marks', group, date] as const,
  history: (rollNo: number) => ['attendance', 'history', rollNo] as const,
};

export function fetchGroups(): Promise<string[]> {
  return api<string[]>('/api/groups');
}

export function useGroups() {
  return useQuery({ queryKey: attendanceKeys.groups, queryFn: fetchGroups, staleTime: 5 * 60_000 });
}

/** A whole group fits in one page of the roster. */
export function fetchRoster(group: string): Promise<RosterStudent[]> {
  return api<RosterStudent[]>('/api/students', { query: { group, limit: ROSTER_MAX_LIMIT } });
}

export function useRoster(group: string | null) {
  return useQuery({
    queryKey: attendanceKeys.roster(group ?? ''),
    queryFn: () => fetchRoster(group!),
    enabled: group !== null,
  });
}

export function fetchAttendanceMarks(group: string, date: string): Promise<AttendanceMark[]> {
  return api<AttendanceMark[]>('/api/attendance-marks', {
    query: { group, date, limit: ROSTER_MAX_LIMIT },
  });
}

/** The marks the group already has on the day, so re-opening a marked day shows them. */
export function useAttendanceMarks(group: string | null, date: string) {
  return useQuery({
    queryKey: attendanceKeys.marks(group ?? '', date),
    queryFn: () => fetchAttendanceMarks(group!, date),
    enabled: group !== null,
    staleTime: 0,
  });
}

export interface MarkAttendanceInput {
  group: string;
  date: string;
  marks: ReadonlyMap<number, AttendanceStatus>;
}

/** The §7 body; the server records the signed-in teacher as the marker. */
export function markAttendance({ date, marks }: MarkAttendanceInput): Promise<MarkAttendanceResponse> {
  const attendanceRecords = [...marks].map(([studentId, status]) => ({ studentId, status }));
  return api<MarkAttendanceResponse>('/api/mark-attendance', {
    method: 'POST',
    body: { attendanceRecords, date },
  });
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onSuccess: (_response, { group, date, marks }) => {
      // Show the saved marks at once, then confirm them from the server.
      queryClient.setQueryData<AttendanceMark[]>(attendanceKeys.marks(group, date), (previous = []) => {
        const merged = new Map(previous.map((mark) => [mark.studentId, mark.status]));
        for (const [studentId, status] of marks) merged.set(studentId, status);
        return [...merged].map(([studentId, status]) => ({ studentId, status }));
      });
      void queryClient.invalidateQueries({ queryKey: attendanceKeys.marks(group, date) });
      void queryClient.invalidateQueries({ queryKey: ['attendance', 'history'] });
    },
  });
}

export function fetchAttendanceHistory(rollNo: number): Promise<AttendanceRecord[]> {
  return api<AttendanceRecord[]>(`/api/attendance/${rollNo}`);
}

/** A student's whole history, newest first; nothing is asked until the roll number is known. */
export function useAttendanceHistory(rollNo: number | undefined) {
  return useQuery({
    queryKey: attendanceKeys.history(rollNo ?? 0),
    queryFn: () => fetchAttendanceHistory(rollNo!),
    enabled: rollNo !== undefined,
  });
}
