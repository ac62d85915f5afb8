import { ContactTeachersPage } from '../features/people/pages/contact-teachers-page';
import { StudentProfilePage } from '../features/people/pages/profile-page';
import { StudentAttendancePage } from '../features/attendance/pages/student-attendance-page';
import { StudentGatepassPage } from '../features/gatepasses/pages/student-gatepass-page';
import { StudentHomePage } from '../features/notices/pages/student-home-page';
import { StudentPerformancePage } from '../features/performance/pages/student-performance-page';
import { StudentQueriesPage } from '../features/queries/pages/student-queries-page';
import { HelpPage } from '../features/support/pages/help-page';
import { StudentSyllabusPage } from '../features/syllabus/pages/student-syllabus-page';
import { Area } from './areas';

export default function StudentArea() {
  return (
    <Area
      role="student"
      routes={[
        { path: 'home', Page: StudentHomePage },
        { path: 'syllabus', Page: StudentSyllabusPage },
        { path: 'performance', Page: StudentPerformancePage },
        { path: 'attendance', Page: StudentAttendancePage },
        { path: 'gatepass', Page: StudentGatepassPage },
        { path: 'queries', Page: StudentQueriesPage },
        { path: 'contact-teachers', Page: ContactTeachersPage },
        { path: 'help', Page: HelpPage },
        { path: 'profile', Page: StudentProfilePage },
      ]}
    />
  );
}
