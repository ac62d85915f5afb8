import { Box } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { useMarksEditor } from '../../performance/components/use-marks-editor';
import { StudentDirectory } from '../components/student-directory';

export function AdminStudentsPage() {
  // Admins enter and correct any student's marks from the student's row.
  const { editButton, dialog, status } = useMarksEditor();
  return (
    <>
      <PageTitle>Students Collection</PageTitle>
      {status && <Box mb="md">{status}</Box>}
      {dialog}
      <StudentDirectory
        source="/api/student"
        caption="Students Collection"
        extraColumns={[{ header: 'Marks', cell: (s) => editButton({ rollNo: s.RollNo, name: s.name }) }]}
      />
    </>
  );
}
