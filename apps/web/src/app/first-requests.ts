/**
 * The first requests of screens that do not show their first content until an answer arrives,
 * started at page load beside the session check (see `preload.ts`) rather than after the screen's
 * first render. Each uses the very query its screen reads, so the screen finds the answer waiting.
 */
import type { QueryClient } from '@tanstack/react-query';
import { GATE_PASS_STATUSES, type GatePassStatus } from '@campus/contract';
import { attendanceHistoryQuery } from '../features/attendance/api';
import { studentDetailsQuery, studentGatePassesQuery } from '../features/gatepasses/api';
import { attendanceSettingsQuery } from '../features/leave/api';
import { mailSettingsQuery, mailStatusQuery } from '../features/mail/api';
import { inboxQuery } from '../features/notifications/api';
import { contactTeachersQuery } from '../features/people/api';
import { studentPerformanceQuery } from '../features/performance/api';
import { boardQuery } from '../features/queries/api';
import { syllabusQuery } from '../features/syllabus/api';
import type { TokenClaims } from '../lib/token-claims';

// The first page of each list, in the page sizes its screen asks for.
const SYLLABUS_FIRST_PAGE = 30;
const CONTACT_FIRST_PAGE = 24;

/** The list of passes the Gate Pass screen's address opens on (`?tab=approved`), if any. */
function openedPassList(): GatePassStatus | undefined {
  const tab = new URLSearchParams(window.location.search).get('tab');
  return GATE_PASS_STATUSES.find((status) => status === tab);
}

/** Requests that name the student's own roll number. */
const forStudent =
  (start: (queryClient: QueryClient, rollNo: number) => Promise<unknown>[]) =>
  (queryClient: QueryClient, me: TokenClaims): Promise<unknown> =>
    typeof me.RollNo === 'number' ? Promise.all(start(queryClient, me.RollNo)) : Promise.resolve();

export const FIRST_REQUESTS = {
  studentSyllabus: (queryClient: QueryClient) => queryClient.query(syllabusQuery('', SYLLABUS_FIRST_PAGE)),
  studentPerformance: forStudent((queryClient, rollNo) => [
    queryClient.query(studentPerformanceQuery(rollNo)),
  ]),
  studentAttendance: forStudent((queryClient, rollNo) => [
    queryClient.query(attendanceHistoryQuery(rollNo)),
    queryClient.query(attendanceSettingsQuery()),
  ]),
  // The tab in the address decides: a list of passes (a pass reopened at the gate), or the form.
  studentGatepass: forStudent((queryClient, rollNo) => {
    const tab = openedPassList();
    if (tab) return [queryClient.query(studentGatePassesQuery(tab, rollNo))];
    return [queryClient.query(studentDetailsQuery(rollNo))];
  }),
  studentQueries: (queryClient: QueryClient) =>
    queryClient.query(boardQuery(false, { search: '', tag: '', page: 0 })),
  studentContactTeachers: (queryClient: QueryClient) =>
    queryClient.query(contactTeachersQuery(CONTACT_FIRST_PAGE)),
  studentProfile: forStudent((queryClient, rollNo) => [
    queryClient.query(studentDetailsQuery(rollNo)),
    queryClient.query(mailSettingsQuery()),
    queryClient.query(mailStatusQuery()),
  ]),
  studentNotifications: (queryClient: QueryClient) => queryClient.query(inboxQuery(0)),
} satisfies Record<string, (queryClient: QueryClient, me: TokenClaims) => Promise<unknown>>;

export type FirstRequests = keyof typeof FIRST_REQUESTS;
