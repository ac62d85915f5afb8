import { Stack, Title } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { AddSyllabusForm } from '../components/add-syllabus-form';
import { SyllabusBrowser } from '../components/syllabus-browser';
import { useTeacherWords } from '../../../i18n/teacher';

/** Add Syllabus form, then the courses already on record. */
export function TeacherSyllabusPage() {
  const { t } = useTeacherWords();
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('syllabus.title')}</PageTitle>
        <AddSyllabusForm />
      </div>
      <section aria-labelledby="existing-courses">
        <Title order={2} size="h3" mb="sm" id="existing-courses">
          {t('syllabus.existing')}
        </Title>
        <SyllabusBrowser headingOrder={3} />
      </section>
    </Stack>
  );
}
