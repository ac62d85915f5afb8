import { PageTitle } from '../../../components/page-title';

export function AdminHomePage() {
  return <PageTitle>Statistics</PageTitle>;
}
