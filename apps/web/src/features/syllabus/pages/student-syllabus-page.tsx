import { PageTitle } from '../../../components/page-title';

export function StudentSyllabusPage() {
  return <PageTitle>Syllabus</PageTitle>;
}
