import { Button, Group } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { TeacherDirectory } from '../components/teacher-directory';
import { useTeacherAdmin } from '../components/use-person-admin';

export function AdminTeachersPage() {
  const { addButton, openAdd, manageMenu, dialogs } = useTeacherAdmin();
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm" mb={{ base: 'md', xs: 0 }}>
        <PageTitle>Manage Teachers</PageTitle>
        {addButton}
      </Group>
      {dialogs}
      <TeacherDirectory
        extraColumns={[{ header: 'Account', cell: (t) => manageMenu(t) }]}
        emptyAction={
          <Button variant="default" onClick={openAdd}>
            Add a teacher
          </Button>
        }
      />
    </>
  );
}
