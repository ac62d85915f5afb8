/**
 * The marks of the teacher's mentees, one mentored group at a time, students without marks too, each
 * with "Edit marks". The CGPA says whether it was computed or entered.
 */
import { Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES, type MarksRecord } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useMentoredGroups } from '../../../lib/mentored-groups';
import { useGroupMarks } from '../api';
import { marksOf } from '../format';
import { useMarksEditor } from './use-marks-editor';

const MARK_COLUMNS = marksOf(null).map((mark) => mark.label);

function cgpaNote(record: MarksRecord): string {
  if (record.cgpaSource === null) return '';
  return record.cgpaSource === 'computed' ? ' (computed)' : ' (entered)';
}

export function MenteeMarks({ teacherId }: { teacherId: number | undefined }) {
  const groups = useMentoredGroups(teacherId);
  const [chosen, setChosen] = useState<string | null>(null);
  // The first mentored group until another is chosen.
  const group = chosen ?? groups.data?.[0] ?? null;
  const marks = useGroupMarks(group);
  const { editButton, dialog, status } = useMarksEditor();

  if (groups.isPending) return <LoadingState label="Loading your groups..." />;
  if (groups.isError) {
    return (
      <LoadFailedState title="Could not load the groups you mentor." onRetry={() => void groups.refetch()} />
    );
  }
  if (groups.data.length === 0) {
    return (
      <EmptyState hint="An administrator makes teachers mentors of groups; your mentees' marks show here once you are one.">
        You do not mentor any group yet.
      </EmptyState>
    );
  }

  let table;
  if (marks.isPending) table = <LoadingState label="Loading marks..." />;
  else if (marks.isError) {
    table = <LoadFailedState title={MESSAGES.performance.fetchFailed} onRetry={() => void marks.refetch()} />;
  } else if (marks.data.length === 0) table = <EmptyState>{MESSAGES.attendance.emptyGroup}</EmptyState>;
  else {
    table = (
      <Table.ScrollContainer
        minWidth={1000}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={`Marks of ${group}`}
      >
        <Table striped highlightOnHover aria-busy={marks.isFetching}>
          <Table.Caption>Marks of {group}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">RollNo</Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              {MARK_COLUMNS.map((column) => (
                <Table.Th key={column} scope="col" ta="right">
                  {column}
                </Table.Th>
              ))}
              <Table.Th scope="col">Marks</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {marks.data.map((record) => (
              <Table.Tr key={record.RollNo}>
                <Table.Td>{record.RollNo}</Table.Td>
                <Table.Th scope="row" fw={500}>
                  {record.Name}
                </Table.Th>
                {marksOf(record).map(({ label, value }) => (
                  <Table.Td key={label} ta="right">
                    {value}
                    {label === 'CGPA' && cgpaNote(record)}
                  </Table.Td>
                ))}
                <Table.Td>{editButton({ rollNo: record.RollNo, name: record.Name })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack>
      <Select
        label="Group"
        data={groups.data}
        value={group}
        onChange={setChosen}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
      />
      <Text size="sm" c="dimmed">
        Students of the groups you mentor, those without marks too. You can enter and correct their marks.
      </Text>
      {status}
      {dialog}
      {table}
    </Stack>
  );
}
