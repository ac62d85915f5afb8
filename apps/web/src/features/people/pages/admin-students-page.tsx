import { Box, Group } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useMarksEditor } from '../../performance/components/use-marks-editor';
import { StudentDirectory } from '../components/student-directory';
import { useStudentAdmin } from '../components/use-person-admin';

export function AdminStudentsPage() {
  // Admins enter and correct any student's marks from the student's row.
  const { editButton, dialog, status } = useMarksEditor();
  const people = useStudentAdmin();
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm" mb={{ base: 'md', xs: 0 }}>
        <PageTitle>Students Collection</PageTitle>
        {people.addButton}
      </Group>
      {status && <Box mb="md">{status}</Box>}
      {people.status && <Box mb="md">{people.status}</Box>}
      {dialog}
      {people.dialogs}
      <StudentDirectory
        source="/api/student"
        caption="Students Collection"
        withStatus
        extraColumns={[
          { header: 'Marks', cell: (s) => editButton({ rollNo: s.RollNo, name: s.name }) },
          { header: 'Account', cell: (s) => people.manageMenu(s) },
        ]}
      />
    </>
  );
}
