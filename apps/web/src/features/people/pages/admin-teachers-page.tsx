import { Box, Group } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { TeacherDirectory } from '../components/teacher-directory';
import { useTeacherAdmin } from '../components/use-person-admin';

export function AdminTeachersPage() {
  const { addButton, manageMenu, dialogs, status } = useTeacherAdmin();
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm" mb={{ base: 'md', xs: 0 }}>
        <PageTitle>Manage Teachers</PageTitle>
        {addButton}
      </Group>
      {status && <Box mb="md">{status}</Box>}
      {dialogs}
      <TeacherDirectory extraColumns={[{ header: 'Account', cell: (t) => manageMenu(t) }]} />
    </>
  );
}
