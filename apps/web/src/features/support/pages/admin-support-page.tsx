import { PageTitle } from '../../../components/page-title';

export function AdminSupportPage() {
  return <PageTitle>Support Collection</PageTitle>;
}
