import { PageTitle } from '../../../components/page-title';

export function AdminTeachersPage() {
  return <PageTitle>Manage Teachers</PageTitle>;
}
