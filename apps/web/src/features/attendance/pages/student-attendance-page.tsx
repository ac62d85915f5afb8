import { PageTitle } from '../../../components/page-title';

export function StudentAttendancePage() {
  return <PageTitle>Attendance</PageTitle>;
}
