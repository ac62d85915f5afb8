import { PageTitle } from '../../../components/page-title';

export function ContactTeachersPage() {
  return <PageTitle>Contact Your Mentor</PageTitle>;
}
