import { PageTitle } from '../../../components/page-title';
import { StudentDirectory } from '../components/student-directory';

export function ManageStudentsPage() {
  return (
    <>
      <PageTitle>Manage Students</PageTitle>
      <StudentDirectory source="/api/manage-students" caption="Students" />
    </>
  );
}
