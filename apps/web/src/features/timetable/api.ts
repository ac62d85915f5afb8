/**
 * Timetable calls: a day's lectures of the signed-in student or teacher, the term's settings, where a
 * student stands per course, a mentor's students by risk, and a lecture's roster with its marks.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CourseRiskRow,
  CourseStandings,
  LectureMarkAnswer,
  LectureMarkInput,
  LectureRoster,
  TermSettings,
  TimetableDay,
} from '@campus/contract';
import { api } from '../../lib/api-client';
import { fetchPage } from '../../lib/pages';

export const timetableKeys = {
  all: ['timetable'] as const,
  /** A day of the signed-in person's timetable; `today` is the campus's today. */
  day: (date: string | null) => ['timetable', 'day', date ?? 'today'] as const,
  settings: ['timetable', 'settings'] as const,
  standings: (rollNo: number) => ['timetable', 'standings', rollNo] as const,
  lecture: (periodId: string, date: string) => ['timetable', 'lecture', periodId, date] as const,
  risk: (filter: CourseRiskFilter) => ['timetable', 'risk', filter] as const,
};

/** What the courses-at-risk list shows: one group (or all a teacher's mentees), only those at risk, a page. */
export interface CourseRiskFilter {
  group: string | null;
  atRisk: boolean;
  page: number;
}
export const COURSE_RISK_PAGE_SIZE = 50;

/** What a lecture's marks change: its roster, whether the day shows it marked, every standing and risk list. */
const MARKS_CHANGE = (periodId: string, date: string) => [
  timetableKeys.lecture(periodId, date),
  ['timetable', 'day'],
  ['timetable', 'standings'],
  ['timetable', 'risk'],
];

export const timetableDayQuery = (date: string | null = null) =>
  queryOptions({
    queryKey: timetableKeys.day(date),
    queryFn: () => api<TimetableDay>('/api/timetable/day', { query: { date: date ?? undefined } }),
    // A lecture marked elsewhere shows as marked when the screen is next looked at.
    staleTime: 60_000,
  });

export const useTimetableDay = (date: string | null = null) => useQuery(timetableDayQuery(date));

/** The term and the campus's time zone change a few times a year. */
export const termSettingsQuery = () =>
  queryOptions({
    queryKey: timetableKeys.settings,
    queryFn: () => api<TermSettings>('/api/timetable-settings'),
    staleTime: 10 * 60_000,
  });

export const useTermSettings = () => useQuery(termSettingsQuery());

export const courseStandingsQuery = (rollNo: number) =>
  queryOptions({
    queryKey: timetableKeys.standings(rollNo),
    queryFn: () => api<CourseStandings>(`/api/attendance-courses/${rollNo}`),
  });

/** Nothing is asked until the roll number is known. */
export function useCourseStandings(rollNo: number | undefined) {
  return useQuery({ ...courseStandingsQuery(rollNo ?? 0), enabled: rollNo !== undefined });
}

/**
 * A page of the mentor's students by course, most at risk first; the page on show stays while the
 * next loads. Nothing is asked while `enabled` is off (an admin who has not chosen a group).
 */
export function useCourseRisk(filter: CourseRiskFilter, enabled = true) {
  return useQuery({
    queryKey: timetableKeys.risk(filter),
    queryFn: ({ signal }) =>
      fetchPage<CourseRiskRow>(
        '/api/course-risk',
        { group: filter.group ?? undefined, atRisk: String(filter.atRisk) },
        { limit: COURSE_RISK_PAGE_SIZE, offset: filter.page * COURSE_RISK_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLectureRoster(periodId: string, date: string) {
  return useQuery({
    queryKey: timetableKeys.lecture(periodId, date),
    queryFn: () =>
      api<LectureRoster>(`/api/lectures/${encodeURIComponent(periodId)}/${encodeURIComponent(date)}`),
    // Who is away changes as gate passes are used: the roster is read fresh each time it is opened.
    staleTime: 0,
  });
}

export interface MarkLectureInput {
  periodId: string;
  date: string;
  records: LectureMarkInput[];
}

export function markLecture({ periodId, date, records }: MarkLectureInput): Promise<LectureMarkAnswer> {
  return api<LectureMarkAnswer>(
    `/api/lectures/${encodeURIComponent(periodId)}/${encodeURIComponent(date)}/marks`,
    { method: 'POST', body: { records } },
  );
}

export function useMarkLecture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLecture,
    onSuccess: (_answer, { periodId, date }) =>
      Promise.all(
        MARKS_CHANGE(periodId, date).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
