import { PageTitle } from '../../../components/page-title';

export function AdminFaqPage() {
  return <PageTitle>FAQ</PageTitle>;
}
