import { PageTitle } from '../../../components/page-title';
import { StudentDirectory } from '../components/student-directory';

export function AdminStudentsPage() {
  return (
    <>
      <PageTitle>Students Collection</PageTitle>
      <StudentDirectory source="/api/student" caption="Students Collection" />
    </>
  );
}
