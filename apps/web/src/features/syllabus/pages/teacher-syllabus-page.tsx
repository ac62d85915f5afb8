import { PageTitle } from '../../../components/page-title';

export function TeacherSyllabusPage() {
  return <PageTitle>Add Syllabus</PageTitle>;
}
