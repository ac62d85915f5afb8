import { Stack } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { CreateNoticeTabs } from '../components/create-notice-tabs';

export function NoticeCreatePage() {
  return (
    <Stack gap={0}>
      <PageTitle>Create Notice</PageTitle>
      <CreateNoticeTabs />
    </Stack>
  );
}
