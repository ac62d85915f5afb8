import { PageTitle } from '../../../components/page-title';
import { TeacherDirectory } from '../components/teacher-directory';

export function AdminTeachersPage() {
  return (
    <>
      <PageTitle>Manage Teachers</PageTitle>
      <TeacherDirectory />
    </>
  );
}
