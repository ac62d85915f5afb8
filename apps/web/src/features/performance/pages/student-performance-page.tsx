import { PageTitle } from '../../../components/page-title';

export function StudentPerformancePage() {
  return <PageTitle>Performance</PageTitle>;
}
