/** The students of a group, each with a Present / Absent choice that nothing forces to be made. */
import { Group, Radio, Table, Text, VisuallyHidden } from '@mantine/core';
import { ATTENDANCE_STATUSES, type AttendanceStatus, type RosterStudent } from '@campus/contract';

export function AttendanceRoster({
  group,
  students,
  statusOf,
  onChange,
  disabled,
}: {
  group: string;
  students: readonly RosterStudent[];
  statusOf: (rollNo: number) => AttendanceStatus | undefined;
  onChange: (rollNo: number, status: AttendanceStatus) => void;
  disabled: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>Students of {group}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Roll No</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => {
            const status = statusOf(student.RollNo);
            return (
              <Table.Tr key={student.RollNo}>
                <Table.Td>{student.RollNo}</Table.Td>
                <Table.Th scope="row" fw={500}>
                  {student.name}
                </Table.Th>
                <Table.Td>
                  <Radio.Group<AttendanceStatus>
                    value={status ?? null}
                    onChange={(value) => onChange(student.RollNo, value)}
                    label={
                      <VisuallyHidden>
                        Attendance of {student.name} ({student.RollNo})
                      </VisuallyHidden>
                    }
                    readOnly={disabled}
                  >
                    <Group gap="md" wrap="nowrap">
                      {ATTENDANCE_STATUSES.map((option) => (
                        <Radio
                          key={option}
                          value={option}
                          label={option}
                          color={option === 'Present' ? 'green.9' : 'red.9'}
                        />
                      ))}
                      {status === undefined && (
                        <Text size="sm" c="dimmed">
                          Not marked
                        </Text>
                      )}
                    </Group>
                  </Radio.Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
