import { PageTitle } from '../../../components/page-title';

export function StudentHomePage() {
  return <PageTitle>Home</PageTitle>;
}
