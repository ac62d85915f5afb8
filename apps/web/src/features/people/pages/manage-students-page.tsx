import { PageTitle } from '../../../components/page-title';
import { StudentDirectory } from '../components/student-directory';

export function ManageStudentsPage() {
  return (
    <>
      <PageTitle>Manage Students</PageTitle>
      <StudentDirectory
        source="/api/manage-students"
        caption="Students"
        whenEmpty={{ hint: 'Students appear here once the campus office adds them.' }}
      />
    </>
  );
}
