/**
 * Attendance calls (SPEC §7): the roster, a day's marks, marking a day and a student's history; and
 * a group's attendance report over a range, shown and downloaded as CSV.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ATTENDANCE_HISTORY_MAX_LIMIT,
  ROSTER_MAX_LIMIT,
  type AttendanceMark,
  type AttendanceReport,
  type AttendanceRecord,
  type AttendanceStatus,
  type MarkAttendanceResponse,
  type RosterStudent,
} from '@campus/contract';
import { api, download } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

export const attendanceKeys = {
  groups: ['groups'] as const,
  roster: (group: string) => ['attendance', 'roster', group] as const,
  marks: (group: string, date: string) => ['attendance', 'marks', group, date] as const,
  history: (rollNo: number) => ['attendance', 'history', rollNo] as const,
  report: (range: ReportRange) => ['attendance', 'report', range] as const,
};

export function fetchGroups(): Promise<string[]> {
  return api<string[]>('/api/groups');
}

export function useGroups({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: attendanceKeys.groups, queryFn: fetchGroups, staleTime: 5 * 60_000, enabled });
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
  /** Students On leave that the teacher deliberately marks Present or Absent (audited). */
  overrides?: ReadonlySet<number>;
}

/** The §7 body; the server records the signed-in teacher as the marker. */
export function markAttendance({
  date,
  marks,
  overrides,
}: MarkAttendanceInput): Promise<MarkAttendanceResponse> {
  const attendanceRecords = [...marks].map(([studentId, status]) => ({
    studentId,
    status,
    ...(overrides?.has(studentId) && status !== 'On leave' ? { overrideLeave: true } : {}),
  }));
  return api<MarkAttendanceResponse>('/api/mark-attendance', {
    method: 'POST',
    body: { attendanceRecords, date },
  });
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onSuccess: (response, { group, date, marks }) => {
      // Show the saved marks at once, then confirm them from the server. A student the server kept
      // On leave is shown On leave.
      const kept = new Set(response.keptOnLeave?.map((k) => k.studentId));
      queryClient.setQueryData<AttendanceMark[]>(attendanceKeys.marks(group, date), (previous = []) => {
        const merged = new Map(previous.map((mark) => [mark.studentId, mark.status]));
        for (const [studentId, status] of marks)
          merged.set(studentId, kept.has(studentId) ? 'On leave' : status);
        return [...merged].map(([studentId, status]) => ({ studentId, status }));
      });
      void queryClient.invalidateQueries({ queryKey: attendanceKeys.marks(group, date) });
      void queryClient.invalidateQueries({ queryKey: ['attendance', 'history'] });
      void queryClient.invalidateQueries({ queryKey: ['attendance', 'on-leave', group, date] });
    },
  });
}

export function fetchAttendanceHistory(rollNo: number): Promise<AttendanceRecord[]> {
  return api<AttendanceRecord[]>(`/api/attendance/${rollNo}`, {
    query: { limit: ATTENDANCE_HISTORY_MAX_LIMIT },
  });
}

/** A student's whole history, newest first; nothing is asked until the roll number is known. */
export const attendanceHistoryQuery = (rollNo: number) =>
  queryOptions({
    queryKey: attendanceKeys.history(rollNo),
    queryFn: () => fetchAttendanceHistory(rollNo),
  });

export function useAttendanceHistory(rollNo: number | undefined) {
  return useQuery({ ...attendanceHistoryQuery(rollNo ?? 0), enabled: rollNo !== undefined });
}

export interface ReportRange {
  group: string;
  from: string;
  to: string;
}

export function fetchAttendanceReport(range: ReportRange): Promise<AttendanceReport> {
  return api<AttendanceReport>('/api/attendance-report', { query: { ...range } });
}

/** Nothing is asked until a group and a valid range are chosen. */
export function useAttendanceReport(range: ReportRange | null) {
  return useQuery({
    queryKey: attendanceKeys.report(range ?? { group: '', from: '', to: '' }),
    queryFn: () => fetchAttendanceReport(range!),
    enabled: range !== null,
  });
}

/** Downloads the report as the server's CSV file, under the name the server gives it. */
export async function downloadAttendanceReport(range: ReportRange): Promise<void> {
  const { blob, filename } = await download('/api/attendance-report.csv', { query: { ...range } });
  saveFile(blob, filename ?? `attendance-${range.group}-${range.from}-to-${range.to}.csv`);
}

export function useDownloadAttendanceReport() {
  return useMutation({ mutationFn: downloadAttendanceReport });
}
