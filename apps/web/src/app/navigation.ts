/** The navigation of each role area (SPEC §2). Every item leads to a real screen. */
import { PATHS, type Role } from '@campus/contract';

/** The glyph beside an item's label (nav-icons.tsx). */
export type NavIcon =
  | 'home'
  | 'book'
  | 'chart'
  | 'calendar'
  | 'ticket'
  | 'leave'
  | 'question'
  | 'mail'
  | 'users'
  | 'help'
  | 'dashboard'
  | 'shield'
  | 'arrows'
  | 'groups'
  | 'report'
  | 'list'
  | 'history'
  | 'upload'
  | 'scan';

export interface NavItem {
  label: string;
  /** The label's key in the common catalogue, on the areas whose words are translated (record 0090). */
  labelKey?: string;
  to: string;
  icon: NavIcon;
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
    { label: 'Home', labelKey: 'nav.home', icon: 'home', to: PATHS.student.home },
    { label: 'Syllabus', labelKey: 'nav.syllabus', icon: 'book', to: PATHS.student.syllabus },
    { label: 'Performance', labelKey: 'nav.performance', icon: 'chart', to: PATHS.student.performance },
    { label: 'Attendance', labelKey: 'nav.attendance', icon: 'calendar', to: PATHS.student.attendance },
    { label: 'Courses', labelKey: 'nav.courses', icon: 'report', to: PATHS.student.courses, rank: 2 },
    { label: 'Gatepass', labelKey: 'nav.gatepass', icon: 'ticket', to: PATHS.student.gatepass },
    { label: 'Leave', labelKey: 'nav.leave', icon: 'leave', to: PATHS.student.leave, rank: 2 },
    { label: 'Queries', labelKey: 'nav.queries', icon: 'question', to: PATHS.student.queries },
    {
      label: 'Contact Teachers',
      labelKey: 'nav.contactTeachers',
      icon: 'mail',
      to: PATHS.student.contactTeachers,
    },
    { label: 'Help', labelKey: 'nav.help', icon: 'help', to: PATHS.student.help },
  ],
  teacher: [
    { label: 'Home', labelKey: 'nav.home', icon: 'home', to: PATHS.teacher.home },
    { label: 'Syllabus', labelKey: 'nav.syllabus', icon: 'book', to: PATHS.teacher.syllabus },
    { label: 'Performance', labelKey: 'nav.performance', icon: 'chart', to: PATHS.teacher.performance },
    { label: 'Attendance', labelKey: 'nav.attendance', icon: 'calendar', to: PATHS.teacher.attendance },
    {
      label: 'Reports',
      labelKey: 'nav.reports',
      icon: 'report',
      to: PATHS.teacher.attendanceReport,
      rank: 1,
    },
    { label: 'Gatepass', labelKey: 'nav.gatepass', icon: 'ticket', to: PATHS.teacher.gatepass },
    { label: 'Leave', labelKey: 'nav.leave', icon: 'leave', to: PATHS.teacher.leave, rank: 2 },
    { label: 'Queries', labelKey: 'nav.queries', icon: 'question', to: PATHS.teacher.queries },
    { label: 'Manage Students', labelKey: 'nav.manageStudents', icon: 'users', to: PATHS.teacher.manage },
    {
      label: 'Movements',
      labelKey: 'nav.movements',
      icon: 'arrows',
      to: PATHS.teacher.movements,
      rank: 2,
    },
    { label: 'Help', labelKey: 'nav.help', icon: 'help', to: PATHS.teacher.help },
  ],
  admin: [
    // Sign-in lands on /admin/home, the same screen as /admin/dashboard (SPEC §2 names both).
    { label: 'Dashboard', icon: 'dashboard', to: PATHS.admin.dashboard, aliases: [PATHS.admin.home] },
    { label: 'Manage Teachers', icon: 'users', to: PATHS.admin.manageTeachers },
    { label: 'Manage Students', icon: 'users', to: PATHS.admin.manageStudents },
    { label: 'Guards', icon: 'shield', to: PATHS.admin.manageGuards, rank: 2 },
    { label: 'Guardians', icon: 'users', to: PATHS.admin.guardians, rank: 2 },
    { label: 'Movements', icon: 'arrows', to: PATHS.admin.movements, rank: 2 },
    { label: 'Groups', icon: 'groups', to: PATHS.admin.groups, rank: 1 },
    { label: 'Reports', icon: 'report', to: PATHS.admin.attendanceReport, rank: 1 },
    { label: 'Timetable', icon: 'calendar', to: PATHS.admin.timetable, rank: 1 },
    { label: 'Queries', icon: 'question', to: PATHS.admin.queries },
    { label: 'FAQ', icon: 'list', to: PATHS.admin.faq, rank: 1 },
    { label: 'Audit Log', icon: 'history', to: PATHS.admin.audit, rank: 1 },
    { label: 'Import', icon: 'upload', to: PATHS.admin.import, rank: 1 },
    { label: 'Integrations', icon: 'list', to: PATHS.admin.integrations, rank: 2 },
    { label: 'Leave', icon: 'leave', to: PATHS.admin.leave, rank: 2 },
    { label: 'Help', icon: 'help', to: PATHS.admin.help },
  ],
  guard: [{ label: 'Gate Desk', labelKey: 'nav.gateDesk', icon: 'scan', to: PATHS.guard.desk }],
  guardian: [
    { label: 'My children', labelKey: 'nav.guardianChildren', icon: 'users', to: PATHS.guardian.home },
    { label: 'Notices', labelKey: 'nav.guardianNotices', icon: 'list', to: PATHS.guardian.notices },
    { label: 'Settings', labelKey: 'nav.guardianSettings', icon: 'mail', to: PATHS.guardian.settings },
  ],
};

export const PROFILE_PATH: Record<Role, string> = {
  student: PATHS.student.profile,
  teacher: PATHS.teacher.profile,
  admin: PATHS.admin.profile,
  guard: PATHS.guard.desk,
  guardian: PATHS.guardian.home,
};

/** Where the bell in the top bar leads; a guard is sent no notifications, so the desk has no bell. */
export const NOTIFICATIONS_PATH: Record<Role, string | null> = {
  student: PATHS.student.notifications,
  teacher: PATHS.teacher.notifications,
  admin: PATHS.admin.notifications,
  guard: null,
  // A guardian hears of their children by mail; the children screen shows the rest.
  guardian: null,
};
