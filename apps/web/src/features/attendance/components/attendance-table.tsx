/** A student's attendance records, newest first. */
import { Table, Text } from '@mantine/core';
import type { AttendanceRecord } from '@campus/contract';

export function AttendanceTable({ records }: { records: readonly AttendanceRecord[] }) {
  const newestFirst = [...records].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table striped>
        <Table.Caption>Attendance records, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {newestFirst.map((record) => (
            <Table.Tr key={record.date}>
              <Table.Td>
                <time dateTime={record.date}>{record.date}</time>
              </Table.Td>
              <Table.Td>
                <Text
                  span
                  fw={record.status === 'Absent' ? 700 : 400}
                  c={record.status === 'Absent' ? 'var(--campus-text-danger)' : undefined}
                >
                  {record.status}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
