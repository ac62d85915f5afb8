import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useOfficeWords } from '../../../i18n/office';
import { StudentDirectory } from '../components/student-directory';

export function ManageStudentsPage() {
  const { t } = useOfficeWords();
  return (
    <>
      <PageTitle>{t('students.title')}</PageTitle>
      <Text c="dimmed" mt={-8} mb="md">
        {t('students.intro')}
      </Text>
      <StudentDirectory
        source="/api/manage-students"
        caption={t('students.caption')}
        whenEmpty={{ hint: t('students.emptyHint') }}
      />
    </>
  );
}
