import { PageTitle } from '../../../components/page-title';

export function AdminStudentsPage() {
  return <PageTitle>Students Collection</PageTitle>;
}
