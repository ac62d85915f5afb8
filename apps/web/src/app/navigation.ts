/** The navigation of each role area (SPEC §2). Every item leads to a real screen. */
import { PATHS, type Role } from '@campus/contract';

export interface NavItem {
  label: string;
  to: string;
  /** Other addresses of the same screen, where the item also shows as the current page. */
  aliases?: readonly string[];
  /**
   * Which items give way first when the top bar is too narrow for all: the higher, the sooner it
   * moves under "More". The spec's own navigation (no rank) gives way last.
   */
  rank?: 1 | 2;
}

/** Whether the item is the screen at `pathname`; a trailing slash is the same screen. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return item.to === path || (item.aliases?.includes(path) ?? false);
}

export const NAVIGATION: Record<Role, NavItem[]> = {
  student: [
    { label: 'Home', to: PATHS.student.home },
    { label: 'Syllabus', to: PATHS.student.syllabus },
    { label: 'Performance', to: PATHS.student.performance },
    { label: 'Attendance', to: PATHS.student.attendance },
    { label: 'Gatepass', to: PATHS.student.gatepass },
    { label: 'Leave', to: PATHS.student.leave, rank: 2 },
    { label: 'Queries', to: PATHS.student.queries },
    { label: 'Contact Teachers', to: PATHS.student.contactTeachers },
    { label: 'Help', to: PATHS.student.help },
  ],
  teacher: [
    { label: 'Home', to: PATHS.teacher.home },
    { label: 'Syllabus', to: PATHS.teacher.syllabus },
    { label: 'Performance', to: PATHS.teacher.performance },
    { label: 'Attendance', to: PATHS.teacher.attendance },
    { label: 'Reports', to: PATHS.teacher.attendanceReport, rank: 1 },
    { label: 'Gatepass', to: PATHS.teacher.gatepass },
    { label: 'Leave', to: PATHS.teacher.leave, rank: 2 },
    { label: 'Queries', to: PATHS.teacher.queries },
    { label: 'Manage Students', to: PATHS.teacher.manage },
    { label: 'Movements', to: PATHS.teacher.movements, rank: 2 },
    { label: 'Help', to: PATHS.teacher.help },
  ],
  admin: [
    // Sign-in lands on /admin/home, the same screen as /admin/dashboard (SPEC §2 names both).
    { label: 'Dashboard', to: PATHS.admin.dashboard, aliases: [PATHS.admin.home] },
    { label: 'Manage Teachers', to: PATHS.admin.manageTeachers },
    { label: 'Manage Students', to: PATHS.admin.manageStudents },
    { label: 'Guards', to: PATHS.admin.manageGuards, rank: 2 },
    { label: 'Movements', to: PATHS.admin.movements, rank: 2 },
    { label: 'Groups', to: PATHS.admin.groups, rank: 1 },
    { label: 'Reports', to: PATHS.admin.attendanceReport, rank: 1 },
    { label: 'Queries', to: PATHS.admin.queries },
    { label: 'FAQ', to: PATHS.admin.faq, rank: 1 },
    { label: 'Audit Log', to: PATHS.admin.audit, rank: 1 },
    { label: 'Import', to: PATHS.admin.import, rank: 1 },
    { label: 'Leave', to: PATHS.admin.leave, rank: 2 },
    { label: 'Help', to: PATHS.admin.help },
  ],
  guard: [{ label: 'Gate Desk', to: PATHS.guard.desk }],
};

export const PROFILE_PATH: Record<Role, string> = {
  student: PATHS.student.profile,
  teacher: PATHS.teacher.profile,
  admin: PATHS.admin.profile,
  guard: PATHS.guard.desk,
};

/** Where the bell in the top bar leads. */
export const NOTIFICATIONS_PATH: Record<Role, string> = {
  student: PATHS.student.notifications,
  teacher: PATHS.teacher.notifications,
  admin: PATHS.admin.notifications,
  guard: PATHS.guard.desk,
};
