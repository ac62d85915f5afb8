import { Button, Group, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useMarksEditor } from '../../performance/components/use-marks-editor';
import { StudentDirectory } from '../components/student-directory';
import { useStudentAdmin } from '../components/use-person-admin';

export function AdminStudentsPage() {
  // Admins enter and correct any student's marks from the student's row.
  const { editButton, dialog } = useMarksEditor();
  const people = useStudentAdmin();
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm" mb={{ base: 'md', xs: 0 }}>
        <PageTitle>Students Collection</PageTitle>
        {people.addButton}
      </Group>
      <Text c="dimmed" mt={-8} mb="md">
        Every student account: add students, edit their details and marks, and deactivate accounts.
      </Text>
      {dialog}
      {people.dialogs}
      <StudentDirectory
        source="/api/student"
        caption="Students"
        withStatus
        whenEmpty={{
          hint: 'Students appear here once they are added or imported from a CSV file.',
          action: (
            <Button variant="default" onClick={people.openAdd}>
              Add a student
            </Button>
          ),
        }}
        extraColumns={[
          { header: 'Marks', cell: (s) => editButton({ rollNo: s.RollNo, name: s.name }) },
          { header: 'Account', cell: (s) => people.manageMenu(s) },
        ]}
      />
    </>
  );
}
