import { Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { StudentDirectory } from '../components/student-directory';

export function ManageStudentsPage() {
  return (
    <>
      <PageTitle>Manage Students</PageTitle>
      <Text c="dimmed" mt={-8} mb="md">
        The student directory: find a student by name, roll number or group, with their contact details.
      </Text>
      <StudentDirectory
        source="/api/manage-students"
        caption="Students"
        whenEmpty={{ hint: 'Students appear here once the campus office adds them.' }}
      />
    </>
  );
}
