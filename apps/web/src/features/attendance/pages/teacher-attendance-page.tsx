import { PageTitle } from '../../../components/page-title';

export function TeacherAttendancePage() {
  return <PageTitle>Mark Attendance</PageTitle>;
}
