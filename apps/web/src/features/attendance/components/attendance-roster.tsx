/** The students of a group, each with a Present / Absent choice that nothing forces to be made. */
import { Group, Radio, Text, VisuallyHidden } from '@mantine/core';
import { ATTENDANCE_STATUSES, type AttendanceStatus, type RosterStudent } from '@campus/contract';
import { DataTable } from '../../../components/data-table';

const COLOR: Record<AttendanceStatus, string> = { Present: 'green.9', Absent: 'red.9' };

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
    // Two columns, the roll number under the name, so a row with both choices fits a 320 px phone:
    // teachers mark attendance in class.
    <DataTable
      caption={`Students of ${group}`}
      minWidth={280}
      rows={students}
      rowKey={(student) => student.RollNo}
      columns={[
        {
          header: 'Student',
          rowHeader: true,
          cell: (student) => (
            <>
              {student.name}
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                Roll No {student.RollNo}
              </Text>
            </>
          ),
        },
        {
          header: 'Status',
          cell: (student) => (
            <Radio.Group<AttendanceStatus>
              value={statusOf(student.RollNo) ?? null}
              onChange={(value) => onChange(student.RollNo, value)}
              label={
                <VisuallyHidden>
                  Attendance of {student.name} ({student.RollNo})
                </VisuallyHidden>
              }
              readOnly={disabled}
              // The hidden label's inline box would still push the choices below the name's line.
              styles={{ label: { display: 'block' } }}
            >
              {/* Wraps to Present over Absent where the row is too narrow for both side by side. */}
              <Group gap="xs" style={{ columnGap: 'var(--mantine-spacing-lg)' }}>
                {ATTENDANCE_STATUSES.map((option) => (
                  <Radio key={option} value={option} label={option} size="md" color={COLOR[option]} />
                ))}
              </Group>
            </Radio.Group>
          ),
        },
      ]}
    />
  );
}
