import { PageTitle } from '../../../components/page-title';

export function NoticeCreatePage() {
  return <PageTitle>Create Notice</PageTitle>;
}
