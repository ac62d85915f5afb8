import { PageTitle } from '../../../components/page-title';
import { SyllabusBrowser } from '../components/syllabus-browser';

export function StudentSyllabusPage() {
  return (
    <>
      <PageTitle>Syllabus</PageTitle>
      <SyllabusBrowser headingOrder={2} />
    </>
  );
}
