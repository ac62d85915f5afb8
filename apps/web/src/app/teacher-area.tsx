import { TeacherAttendancePage } from '../features/attendance/pages/teacher-attendance-page';
import { TeacherGatepassPage } from '../features/gatepasses/pages/teacher-gatepass-page';
import { NoticeCreatePage } from '../features/notices/pages/notice-create-page';
import { TeacherHomePage } from '../features/notices/pages/teacher-home-page';
import { ManageStudentsPage } from '../features/people/pages/manage-students-page';
import { TeacherProfilePage } from '../features/people/pages/profile-page';
import { TeacherPerformancePage } from '../features/performance/pages/teacher-performance-page';
import { TeacherQueriesPage } from '../features/queries/pages/teacher-queries-page';
import { HelpPage } from '../features/support/pages/help-page';
import { TeacherSyllabusPage } from '../features/syllabus/pages/teacher-syllabus-page';
import { Area } from './areas';

export default function TeacherArea() {
  return (
    <Area
      role="teacher"
      routes={[
        { path: 'home', Page: TeacherHomePage },
        { path: 'notice/create', Page: NoticeCreatePage },
        { path: 'syllabus', Page: TeacherSyllabusPage },
        { path: 'performance', Page: TeacherPerformancePage },
        { path: 'attendance', Page: TeacherAttendancePage },
        { path: 'gatepass', Page: TeacherGatepassPage },
        { path: 'queries', Page: TeacherQueriesPage },
        { path: 'manage', Page: ManageStudentsPage },
        { path: 'help', Page: HelpPage },
        { path: 'profile', Page: TeacherProfilePage },
      ]}
    />
  );
}
