import { PageTitle } from '../../../components/page-title';

export function AdminQueriesPage() {
  return <PageTitle>Queries Collection</PageTitle>;
}
