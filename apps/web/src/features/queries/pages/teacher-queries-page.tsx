import { PageTitle } from '../../../components/page-title';

export function TeacherQueriesPage() {
  return <PageTitle>Manage Queries</PageTitle>;
}
