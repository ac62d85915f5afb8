import { PageTitle } from '../../../components/page-title';
import { useStudentWords } from '../../../i18n/student';
import { SyllabusBrowser } from '../components/syllabus-browser';

export function StudentSyllabusPage() {
  const { t } = useStudentWords();
  return (
    <>
      <PageTitle>{t('syllabus.title')}</PageTitle>
      <SyllabusBrowser headingOrder={2} />
    </>
  );
}
