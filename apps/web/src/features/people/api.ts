/**
 * Students, teachers, groups and profiles: one function per endpoint plus its query or mutation hook
 * (SPEC §7, and the admin's management of people and groups).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountStatus,
  ContactTeacher,
  GroupChangeResponse,
  GroupSummary,
  OwnContactRequest,
  OwnContactResponse,
  PasswordResetResponse,
  Student,
  StudentCreateRequest,
  StudentCreateResponse,
  StudentUpdateRequest,
  StudentUpdateResponse,
  Teacher,
  TeacherCreateRequest,
  TeacherCreateResponse,
  TeacherUpdateRequest,
  TeacherUpdateResponse,
} from '@campus/contract';
import { api } from '../../lib/api-client';
import { fetchAll, fetchPage } from '../../lib/pages';

export const TABLE_PAGE_SIZE = 20;

/** The teacher's Manage Students list and the admin's Students Collection answer the same shape. */
export type StudentSource = '/api/manage-students' | '/api/student';

export interface StudentFilter {
  search: string;
  group: string;
  /** Active or inactive accounts only ('' for all). */
  status?: AccountStatus | '';
  page: number;
}

export function useStudents(source: StudentSource, { search, group, status = '', page }: StudentFilter) {
  return useQuery({
    queryKey: ['students', source, { search, group, status, page }] as const,
    queryFn: ({ signal }) =>
      fetchPage<Student>(
        source,
        { search: search || undefined, group: group || undefined, status: status || undefined },
        { limit: TABLE_PAGE_SIZE, offset: page * TABLE_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTeachers({
  search,
  status = '',
  page,
}: {
  search: string;
  status?: AccountStatus | '';
  page: number;
}) {
  return useQuery({
    queryKey: ['teachers', { search, status, page }] as const,
    queryFn: ({ signal }) =>
      fetchPage<Teacher>(
        '/api/teachers',
        { search: search || undefined, status: status || undefined },
        { limit: TABLE_PAGE_SIZE, offset: page * TABLE_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every student group, for the group filter. Groups change rarely. */
export function useGroups() {
  return useQuery({
    queryKey: ['groups'],
    queryFn: ({ signal }) => api<string[]>('/api/groups', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Teachers as contact cards, the signed-in student's own mentors first. */
export const contactTeachersQuery = (limit: number) =>
  queryOptions({
    queryKey: ['contact-teachers', { limit }] as const,
    queryFn: ({ signal }) =>
      fetchPage<ContactTeacher>('/api/contact-teachers', {}, { limit, offset: 0 }, signal),
  });

export function useContactTeachers(limit: number) {
  return useQuery({ ...contactTeachersQuery(limit), placeholderData: keepPreviousData });
}

/** A student's or teacher's details; `path` is null while the id is not known. */
export function useDetails<T>(path: string | null) {
  return useQuery({
    queryKey: ['details', path],
    queryFn: ({ signal }) => api<T>(path!, { signal }),
    enabled: path !== null,
  });
}

/** Every student of one group, for choosing whom to move; a whole group is one list. */
export function useGroupStudents(group: string | null) {
  return useQuery({
    queryKey: ['students', 'group', group] as const,
    queryFn: ({ signal }) => fetchAll<Student>('/api/student', { group: group ?? undefined }, signal),
    enabled: group !== null,
  });
}

/** Every teacher for choosing mentors: a whole list, by name. */
export function useAllTeachers() {
  return useQuery({
    queryKey: ['teachers', 'all'] as const,
    queryFn: ({ signal }) => fetchAll<Teacher>('/api/teachers', {}, signal),
  });
}

/**
 * A change to people or groups: afterwards every list that may show it is read again (students,
 * teachers, groups, details and contact cards).
 */
function usePeopleChange<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [
          'students',
          'teachers',
          'groups',
          'group-summaries',
          'details',
          'contact-teachers',
          'mentored-groups',
        ].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}

export function useCreateStudent() {
  return usePeopleChange((body: StudentCreateRequest) =>
    api<StudentCreateResponse>('/api/students', { method: 'POST', body }),
  );
}

export function useUpdateStudent() {
  return usePeopleChange(({ rollNo, body }: { rollNo: number; body: StudentUpdateRequest }) =>
    api<StudentUpdateResponse>(`/api/students/${rollNo}`, { method: 'PUT', body }),
  );
}

export function useSetStudentActive() {
  return usePeopleChange(({ rollNo, active }: { rollNo: number; active: boolean }) =>
    api<{ message: string; student: Student }>(`/api/students/${rollNo}/active`, {
      method: 'PUT',
      body: { active },
    }),
  );
}

export function useResetStudentPassword() {
  return usePeopleChange((rollNo: number) =>
    api<PasswordResetResponse>(`/api/students/${rollNo}/reset-password`, { method: 'POST', body: {} }),
  );
}

export function useCreateTeacher() {
  return usePeopleChange((body: TeacherCreateRequest) =>
    api<TeacherCreateResponse>('/api/teachers', { method: 'POST', body }),
  );
}

export function useUpdateTeacher() {
  return usePeopleChange(({ teacherId, body }: { teacherId: number; body: TeacherUpdateRequest }) =>
    api<TeacherUpdateResponse>(`/api/teachers/${teacherId}`, { method: 'PUT', body }),
  );
}

export function useSetTeacherActive() {
  return usePeopleChange(({ teacherId, active }: { teacherId: number; active: boolean }) =>
    api<{ message: string; teacher: Teacher }>(`/api/teachers/${teacherId}/active`, {
      method: 'PUT',
      body: { active },
    }),
  );
}

export function useResetTeacherPassword() {
  return usePeopleChange((teacherId: number) =>
    api<PasswordResetResponse>(`/api/teachers/${teacherId}/reset-password`, { method: 'POST', body: {} }),
  );
}

/** The signed-in person's own email and phone number; their identity (email) is read again too. */
export function useUpdateOwnContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnContactRequest) =>
      api<OwnContactResponse>('/api/profile/contact', { method: 'PUT', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['details'] }),
        queryClient.invalidateQueries({ queryKey: ['session'] }),
      ]),
  });
}

/** The admin's Groups page: every group with its number of students and its mentors. */
export function useGroupSummaries() {
  return useQuery({
    queryKey: ['group-summaries'],
    queryFn: ({ signal }) => api<GroupSummary[]>('/api/groups/summary', { signal }),
  });
}

const groupPath = (name: string) => `/api/groups/${encodeURIComponent(name)}`;

export function useCreateGroup() {
  return usePeopleChange((name: string) =>
    api<GroupChangeResponse>('/api/groups', { method: 'POST', body: { name } }),
  );
}

export function useRenameGroup() {
  return usePeopleChange(({ name, to }: { name: string; to: string }) =>
    api<GroupChangeResponse>(groupPath(name), { method: 'PUT', body: { name: to } }),
  );
}

export function useSetGroupMentors() {
  return usePeopleChange(({ name, teacherIds }: { name: string; teacherIds: number[] }) =>
    api<GroupChangeResponse>(`${groupPath(name)}/mentors`, { method: 'PUT', body: { teacherIds } }),
  );
}

export function useMoveStudents() {
  return usePeopleChange(({ name, rollNos }: { name: string; rollNos: number[] }) =>
    api<GroupChangeResponse>(`${groupPath(name)}/students`, { method: 'POST', body: { rollNos } }),
  );
}
