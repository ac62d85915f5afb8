import { PageTitle } from '../../../components/page-title';

export function ManageStudentsPage() {
  return <PageTitle>Manage Students</PageTitle>;
}
