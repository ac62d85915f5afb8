import type { Role } from './constants.js';

/** Screen paths of SPEC §2, shared by the router, the navigation and the tests. */
export const PATHS = {
  signIn: '/',
  support: '/support',
  /** Outside the role areas: where a person with a one-time password chooses their own. */
  changePassword: '/change-password',
  /** Asking for a password reset link by email, and the page the link opens. */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset',
  /** The page a link to confirm a new email address opens. */
  verifyEmail: '/verify-email',
  student: {
    home: '/student/home',
    syllabus: '/student/syllabus',
    performance: '/student/performance',
    attendance: '/student/attendance',
    courses: '/student/courses',
    gatepass: '/student/gatepass',
    leave: '/student/leave',
    queries: '/student/queries',
    contactTeachers: '/student/contact-teachers',
    help: '/student/help',
    profile: '/student/profile',
    notifications: '/student/notifications',
  },
  teacher: {
    home: '/teacher/home',
    noticeCreate: '/teacher/notice/create',
    syllabus: '/teacher/syllabus',
    performance: '/teacher/performance',
    attendance: '/teacher/attendance',
    attendanceReport: '/teacher/attendance-report',
    courseRisk: '/teacher/course-risk',
    lecture: '/teacher/lectures/:periodId/:date',
    gatepass: '/teacher/gatepass',
    leave: '/teacher/leave',
    queries: '/teacher/queries',
    manage: '/teacher/manage',
    help: '/teacher/help',
    profile: '/teacher/profile',
    notifications: '/teacher/notifications',
    movements: '/teacher/movements',
  },
  admin: {
    home: '/admin/home',
    dashboard: '/admin/dashboard',
    manageTeachers: '/admin/manage-teachers',
    manageStudents: '/admin/manage-students',
    groups: '/admin/groups',
    attendanceReport: '/admin/attendance-report',
    courseRisk: '/admin/course-risk',
    leave: '/admin/leave',
    queries: '/admin/queries',
    help: '/admin/help',
    faq: '/admin/faq',
    audit: '/admin/audit',
    import: '/admin/import',
    timetable: '/admin/timetable',
    profile: '/admin/profile',
    notifications: '/admin/notifications',
    movements: '/admin/movements',
    manageGuards: '/admin/manage-guards',
    integrations: '/admin/integrations',
    guardians: '/admin/guardians',
  },
  guard: {
    desk: '/guard/desk',
  },
  guardian: {
    home: '/guardian/children',
    /** A guardian's own details and mail choices are on their one screen. */
    profile: '/guardian/children',
    /** The guardian's way in: a one-time code sent to their address (outside the area, signed out). */
    codeSignIn: '/guardian-sign-in',
    /** The page a consent link opens (signed out): it asks before it acts (decision record 0092). */
    consent: '/guardian-consent',
    /** The notices meant for guardians, and the guardian's mail choices (decision record 0093). */
    notices: '/guardian/notices',
    settings: '/guardian/settings',
  },
} as const;

export const ROLE_HOME: Record<Role, string> = {
  student: PATHS.student.home,
  teacher: PATHS.teacher.home,
  admin: PATHS.admin.home,
  guard: PATHS.guard.desk,
  guardian: PATHS.guardian.home,
};

/**
 * The address parameter that opens one item on its screen: a notification's link names the item it
 * is about, and the screen shows that item first (decision record 0068).
 */
export const ITEM_PARAMS = { gatepass: 'pass', leave: 'leave', query: 'query' } as const;
export type ItemKind = keyof typeof ITEM_PARAMS;

/** The address of a screen opened on one item: `/student/queries?query=<id>`. */
export const itemLink = (path: string, kind: ItemKind, id: string): string =>
  `${path}?${ITEM_PARAMS[kind]}=${encodeURIComponent(id)}`;
