import { PageTitle } from '../../../components/page-title';

export function TeacherPerformancePage() {
  return <PageTitle>Student Performance</PageTitle>;
}
