/**
 * Every screen of the three role areas (SPEC §2). Each screen is a lazily loaded chunk of its own, so a
 * page loads only the code it shows; the entry holds just these loaders, which lets it start loading the
 * screen of the address being opened (and, for the home screens, its first list) while the session is
 * still being checked.
 */
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PATHS, type Role } from '@campus/contract';
import { prefetchNotices } from '../features/notices/api';
import { loadOnce } from '../lib/ready-lazy';
import type { TokenClaims } from '../lib/token-claims';
import type { FirstRequests } from './first-requests';

export interface Screen {
  /** The path inside the area, e.g. `home` for /student/home. */
  path: string;
  load: () => Promise<ComponentType>;
  /**
   * Starts the screen's first requests, so they run beside the session check instead of after the
   * screen's first render. `me` is what the stored token says (the server still checks each request).
   */
  prefetch?: (queryClient: QueryClient, me: TokenClaims) => Promise<unknown>;
}

const inArea = (fullPath: string) => fullPath.split('/').slice(2).join('/');
const prefetchMentorNotices = (queryClient: QueryClient) => prefetchNotices(queryClient, 'mentorNotice');

/**
 * Starts one of the first requests of `first-requests.ts`. Those definitions live with their
 * features' code, which the screens share; importing it here would put it in the entry that the
 * sign-in page loads, so it arrives with the role area's shared chunk instead.
 */
const firstRequests =
  (name: FirstRequests) =>
  (queryClient: QueryClient, me: TokenClaims): Promise<unknown> =>
    import('./first-requests').then((m) => m.FIRST_REQUESTS[name](queryClient, me));

const DEFINED: Record<Role, Screen[]> = {
  student: [
    {
      path: inArea(PATHS.student.home),
      load: () => import('../features/notices/pages/student-home-page').then((m) => m.StudentHomePage),
      prefetch: prefetchMentorNotices,
    },
    {
      path: inArea(PATHS.student.syllabus),
      load: () =>
        import('../features/syllabus/pages/student-syllabus-page').then((m) => m.StudentSyllabusPage),
      prefetch: firstRequests('studentSyllabus'),
    },
    {
      path: inArea(PATHS.student.performance),
      load: () =>
        import('../features/performance/pages/student-performance-page').then(
          (m) => m.StudentPerformancePage,
        ),
      prefetch: firstRequests('studentPerformance'),
    },
    {
      path: inArea(PATHS.student.attendance),
      load: () =>
        import('../features/attendance/pages/student-attendance-page').then((m) => m.StudentAttendancePage),
      prefetch: firstRequests('studentAttendance'),
    },
    {
      path: inArea(PATHS.student.courses),
      load: () =>
        import('../features/timetable/pages/student-courses-page').then((m) => m.StudentCoursesPage),
    },
    {
      path: inArea(PATHS.student.gatepass),
      load: () =>
        import('../features/gatepasses/pages/student-gatepass-page').then((m) => m.StudentGatepassPage),
      prefetch: firstRequests('studentGatepass'),
    },
    {
      path: inArea(PATHS.student.leave),
      load: () => import('../features/leave/pages/student-leave-page').then((m) => m.StudentLeavePage),
    },
    {
      path: inArea(PATHS.student.queries),
      load: () => import('../features/queries/pages/student-queries-page').then((m) => m.StudentQueriesPage),
      prefetch: firstRequests('studentQueries'),
    },
    {
      path: inArea(PATHS.student.contactTeachers),
      load: () => import('../features/people/pages/contact-teachers-page').then((m) => m.ContactTeachersPage),
      prefetch: firstRequests('studentContactTeachers'),
    },
    {
      path: inArea(PATHS.student.help),
      load: () => import('../features/support/pages/help-page').then((m) => m.HelpPage),
    },
    {
      path: inArea(PATHS.student.profile),
      load: () => import('../features/people/pages/profile-page').then((m) => m.StudentProfilePage),
      prefetch: firstRequests('studentProfile'),
    },
    {
      path: inArea(PATHS.student.notifications),
      load: () =>
        import('../features/notifications/pages/notifications-page').then((m) => m.NotificationsPage),
      prefetch: firstRequests('studentNotifications'),
    },
  ],
  teacher: [
    {
      path: inArea(PATHS.teacher.home),
      load: () => import('../features/notices/pages/teacher-home-page').then((m) => m.TeacherHomePage),
      prefetch: prefetchMentorNotices,
    },
    {
      path: inArea(PATHS.teacher.noticeCreate),
      load: () => import('../features/notices/pages/notice-create-page').then((m) => m.NoticeCreatePage),
    },
    {
      path: inArea(PATHS.teacher.syllabus),
      load: () =>
        import('../features/syllabus/pages/teacher-syllabus-page').then((m) => m.TeacherSyllabusPage),
    },
    {
      path: inArea(PATHS.teacher.performance),
      load: () =>
        import('../features/performance/pages/teacher-performance-page').then(
          (m) => m.TeacherPerformancePage,
        ),
    },
    {
      path: inArea(PATHS.teacher.attendance),
      load: () =>
        import('../features/attendance/pages/teacher-attendance-page').then((m) => m.TeacherAttendancePage),
    },
    {
      path: inArea(PATHS.teacher.lecture),
      load: () => import('../features/timetable/pages/lecture-roster-page').then((m) => m.LectureRosterPage),
    },
    {
      path: inArea(PATHS.teacher.attendanceReport),
      load: () =>
        import('../features/attendance/pages/attendance-report-page').then((m) => m.AttendanceReportPage),
    },
    {
      path: inArea(PATHS.teacher.courseRisk),
      load: () => import('../features/timetable/pages/course-risk-page').then((m) => m.CourseRiskPage),
    },
    {
      path: inArea(PATHS.teacher.gatepass),
      load: () =>
        import('../features/gatepasses/pages/teacher-gatepass-page').then((m) => m.TeacherGatepassPage),
    },
    {
      path: inArea(PATHS.teacher.leave),
      load: () => import('../features/leave/pages/teacher-leave-page').then((m) => m.TeacherLeavePage),
    },
    {
      path: inArea(PATHS.teacher.queries),
      load: () => import('../features/queries/pages/teacher-queries-page').then((m) => m.TeacherQueriesPage),
    },
    {
      path: inArea(PATHS.teacher.manage),
      load: () => import('../features/people/pages/manage-students-page').then((m) => m.ManageStudentsPage),
    },
    {
      path: inArea(PATHS.teacher.help),
      load: () => import('../features/support/pages/help-page').then((m) => m.HelpPage),
    },
    {
      path: inArea(PATHS.teacher.profile),
      load: () => import('../features/people/pages/profile-page').then((m) => m.TeacherProfilePage),
    },
    {
      path: inArea(PATHS.teacher.notifications),
      load: () =>
        import('../features/notifications/pages/notifications-page').then((m) => m.NotificationsPage),
    },
    {
      path: inArea(PATHS.teacher.movements),
      load: () => import('../features/gate/pages/movements-page').then((m) => m.MovementsPage),
    },
  ],
  admin: [
    {
      path: inArea(PATHS.admin.home),
      load: () => import('../features/stats/pages/admin-home-page').then((m) => m.AdminHomePage),
    },
    {
      path: inArea(PATHS.admin.dashboard),
      load: () => import('../features/stats/pages/admin-home-page').then((m) => m.AdminHomePage),
    },
    {
      path: inArea(PATHS.admin.manageTeachers),
      load: () => import('../features/people/pages/admin-teachers-page').then((m) => m.AdminTeachersPage),
    },
    {
      path: inArea(PATHS.admin.manageStudents),
      load: () => import('../features/people/pages/admin-students-page').then((m) => m.AdminStudentsPage),
    },
    {
      path: inArea(PATHS.admin.groups),
      load: () => import('../features/people/pages/admin-groups-page').then((m) => m.AdminGroupsPage),
    },
    {
      path: inArea(PATHS.admin.attendanceReport),
      load: () =>
        import('../features/attendance/pages/attendance-report-page').then((m) => m.AttendanceReportPage),
    },
    {
      path: inArea(PATHS.admin.courseRisk),
      load: () => import('../features/timetable/pages/course-risk-page').then((m) => m.CourseRiskPage),
    },
    {
      path: inArea(PATHS.admin.leave),
      load: () => import('../features/leave/pages/teacher-leave-page').then((m) => m.TeacherLeavePage),
    },
    {
      path: inArea(PATHS.admin.queries),
      load: () => import('../features/queries/pages/admin-queries-page').then((m) => m.AdminQueriesPage),
    },
    {
      path: inArea(PATHS.admin.faq),
      load: () => import('../features/faq/pages/admin-faq-page').then((m) => m.AdminFaqPage),
    },
    {
      path: inArea(PATHS.admin.audit),
      load: () => import('../features/audit/pages/admin-audit-page').then((m) => m.AdminAuditPage),
    },
    {
      path: inArea(PATHS.admin.import),
      load: () => import('../features/transfer/pages/admin-import-page').then((m) => m.AdminImportPage),
    },
    {
      path: inArea(PATHS.admin.timetable),
      load: () =>
        import('../features/timetable/admin/admin-timetable-page').then((m) => m.AdminTimetablePage),
    },
    {
      path: inArea(PATHS.admin.help),
      load: () => import('../features/support/pages/admin-support-page').then((m) => m.AdminSupportPage),
    },
    {
      path: inArea(PATHS.admin.profile),
      load: () => import('../features/people/pages/profile-page').then((m) => m.AdminProfilePage),
    },
    {
      path: inArea(PATHS.admin.notifications),
      load: () =>
        import('../features/notifications/pages/notifications-page').then((m) => m.NotificationsPage),
    },
    {
      path: inArea(PATHS.admin.movements),
      load: () => import('../features/gate/pages/movements-page').then((m) => m.MovementsPage),
    },
    {
      path: inArea(PATHS.admin.manageGuards),
      load: () => import('../features/gate/pages/admin-guards-page').then((m) => m.AdminGuardsPage),
    },
    {
      path: inArea(PATHS.admin.guardians),
      load: () =>
        import('../features/guardians/pages/admin-guardians-page').then((m) => m.AdminGuardiansPage),
    },
    {
      path: inArea(PATHS.admin.integrations),
      load: () =>
        import('../features/integrations/pages/admin-integrations-page').then((m) => m.AdminIntegrationsPage),
    },
  ],
  guard: [
    {
      path: inArea(PATHS.guard.desk),
      load: () => import('../features/gate/pages/gate-desk-page').then((m) => m.GateDeskPage),
    },
  ],
  guardian: [
    {
      path: inArea(PATHS.guardian.home),
      load: () =>
        import('../features/guardians/pages/guardian-children-page').then((m) => m.GuardianChildrenPage),
    },
    {
      path: inArea(PATHS.guardian.notices),
      load: () =>
        import('../features/guardians/pages/guardian-notices-page').then((m) => m.GuardianNoticesPage),
    },
    {
      path: inArea(PATHS.guardian.settings),
      load: () =>
        import('../features/guardians/pages/guardian-settings-page').then((m) => m.GuardianSettingsPage),
    },
  ],
};

/** Every screen, its code loaded once: the page's first request for it and its route share one load. */
export const SCREENS = Object.fromEntries(
  Object.entries(DEFINED).map(([role, screens]) => [
    role,
    screens.map((screen) => ({ ...screen, load: loadOnce(screen.load) })),
  ]),
) as Record<Role, Screen[]>;

/** The role and screen an address belongs to, e.g. /student/home → student's home screen. */
export function screenAt(pathname: string): { role: Role; screen: Screen } | undefined {
  const [, area = '', ...rest] = pathname.split('/');
  if (area !== 'student' && area !== 'teacher' && area !== 'admin' && area !== 'guard' && area !== 'guardian')
    return undefined;
  const path = rest.join('/').replace(/\/+$/, '');
  const screen = SCREENS[area].find((s) => s.path === path);
  return screen && { role: area, screen };
}
