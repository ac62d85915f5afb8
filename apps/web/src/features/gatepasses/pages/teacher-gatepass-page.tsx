import { PageTitle } from '../../../components/page-title';

export function TeacherGatepassPage() {
  return <PageTitle>Gate Pass Requests</PageTitle>;
}
