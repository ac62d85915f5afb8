import { PageTitle } from '../../../components/page-title';

export function StudentQueriesPage() {
  return <PageTitle>Queries</PageTitle>;
}
