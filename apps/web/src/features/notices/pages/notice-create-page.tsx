import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useUrlState } from '../../../lib/url-state';
import { CreateNoticeTabs } from '../components/create-notice-tabs';

export function NoticeCreatePage() {
  const url = useUrlState();
  return (
    <Stack gap={0}>
      <PageTitle>Create Notice</PageTitle>
      <CreateNoticeTabs url={url} />
    </Stack>
  );
}
