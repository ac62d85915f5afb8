/** A student's attendance records, newest first. */
import { Text } from '@mantine/core';
import type { AttendanceRecord } from '@campus/contract';
import { DataTable, type Column } from '../../../components/data-table';

const COLUMNS: Column<AttendanceRecord>[] = [
  { header: 'Date', cell: (record) => <time dateTime={record.date}>{record.date}</time> },
  {
    header: 'Status',
    cell: (record) => (
      <Text
        span
        fw={record.status === 'Absent' ? 700 : 400}
        c={record.status === 'Absent' ? 'var(--campus-text-danger)' : undefined}
      >
        {record.status}
      </Text>
    ),
  },
];

export function AttendanceTable({ records }: { records: readonly AttendanceRecord[] }) {
  const newestFirst = [...records].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <DataTable
      caption="Attendance records, newest first"
      columns={COLUMNS}
      rows={newestFirst}
      rowKey={(record) => record.date}
      minWidth={280}
    />
  );
}
