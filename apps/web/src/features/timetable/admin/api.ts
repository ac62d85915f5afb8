/**
 * The calls of the admins' timetable screen: courses, a group's weekly periods, holidays and the term
 * settings, and the groups and teachers its forms choose from. Every change reads the timetable again,
 * the day cards of the other timetable screens too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Course,
  CourseInput,
  Holiday,
  Period,
  PeriodInput,
  Teacher,
  TermSettings,
} from '@campus/contract';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/pages';

export const adminTimetableKeys = {
  courses: ['timetable', 'admin', 'courses'] as const,
  periods: (group: string) => ['timetable', 'admin', 'periods', group] as const,
  holidays: ['timetable', 'admin', 'holidays'] as const,
  settings: ['timetable', 'admin', 'settings'] as const,
};

type Message = { message: string };
const path = (base: string, key: string) => `${base}/${encodeURIComponent(key)}`;

export function useCourses() {
  return useQuery({
    queryKey: adminTimetableKeys.courses,
    queryFn: ({ signal }) => api<Course[]>('/api/courses', { signal }),
  });
}

/** A group's week; nothing is asked until a group is chosen. */
export function useGroupPeriods(group: string | null) {
  return useQuery({
    queryKey: adminTimetableKeys.periods(group ?? ''),
    queryFn: ({ signal }) => api<Period[]>('/api/periods', { query: { group: group ?? undefined }, signal }),
    enabled: group !== null,
  });
}

export function useHolidays() {
  return useQuery({
    queryKey: adminTimetableKeys.holidays,
    queryFn: ({ signal }) => api<Holiday[]>('/api/holidays', { signal }),
  });
}

export function useTimetableSettings() {
  return useQuery({
    queryKey: adminTimetableKeys.settings,
    queryFn: ({ signal }) => api<TermSettings>('/api/timetable-settings', { signal }),
  });
}

/** Every student group, shared with the other screens that choose one. */
export function useGroupNames({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['groups'],
    queryFn: ({ signal }) => api<string[]>('/api/groups', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Every teacher, by name, to choose who teaches a course. */
export function useTeacherChoices() {
  return useQuery({
    queryKey: ['teachers', 'all'] as const,
    queryFn: ({ signal }) => fetchAll<Teacher>('/api/teachers', {}, signal),
  });
}

/** A change to the timetable: every timetable answer is read again. */
function useTimetableChange<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['timetable'] }),
  });
}

export function useSaveCourse() {
  return useTimetableChange(({ course, isNew }: { course: CourseInput; isNew: boolean }) => {
    if (isNew) return api<Message>('/api/courses', { method: 'POST', body: course });
    const { code, ...body } = course;
    return api<Message>(path('/api/courses', code), { method: 'PUT', body });
  });
}

export function useDeleteCourse() {
  return useTimetableChange((code: string) => api<Message>(path('/api/courses', code), { method: 'DELETE' }));
}

/** Adds a period, or moves the one with `id`; a clash is refused with 409 and the clash named. */
export function useSavePeriod() {
  return useTimetableChange(({ id, period }: { id: string | null; period: PeriodInput }) =>
    api<Message & { period: Period }>(id ? path('/api/periods', id) : '/api/periods', {
      method: id ? 'PUT' : 'POST',
      body: period,
    }),
  );
}

export function useDeletePeriod() {
  return useTimetableChange((id: string) => api<Message>(path('/api/periods', id), { method: 'DELETE' }));
}

export function usePutHoliday() {
  return useTimetableChange((holiday: Holiday) =>
    api<Message>(path('/api/holidays', holiday.date), { method: 'PUT', body: { name: holiday.name } }),
  );
}

export function useDeleteHoliday() {
  return useTimetableChange((date: string) =>
    api<Message>(path('/api/holidays', date), { method: 'DELETE' }),
  );
}

export function useSaveSettings() {
  return useTimetableChange((settings: TermSettings) =>
    api<TermSettings>('/api/timetable-settings', { method: 'PUT', body: settings }),
  );
}
