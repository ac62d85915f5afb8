import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useUrlState } from '../../../lib/url-state';
import { CreateNoticeTabs } from '../components/create-notice-tabs';
import { useTeacherWords } from '../../../i18n/teacher';

export function NoticeCreatePage() {
  const { t } = useTeacherWords();
  const url = useUrlState();
  return (
    <Stack gap={0}>
      <PageTitle>{t('notices.createTitle')}</PageTitle>
      <CreateNoticeTabs url={url} />
    </Stack>
  );
}
