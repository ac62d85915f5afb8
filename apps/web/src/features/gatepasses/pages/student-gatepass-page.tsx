import { PageTitle } from '../../../components/page-title';

export function StudentGatepassPage() {
  return <PageTitle>Gate Pass</PageTitle>;
}
