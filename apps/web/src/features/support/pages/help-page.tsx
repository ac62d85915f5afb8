import { PageTitle } from '../../../components/page-title';

export function HelpPage() {
  return <PageTitle>Help</PageTitle>;
}
