import { PageTitle } from '../../../components/page-title';

export function TeacherHomePage() {
  return <PageTitle>Home</PageTitle>;
}
