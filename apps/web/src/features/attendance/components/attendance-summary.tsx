/** The attendance percentage, shown prominently, and the warning below the required minimum. */
import { Alert, Group, Paper, RingProgress, Stack, Text } from '@mantine/core';
import {
  ATTENDANCE_WARNING_PERCENT,
  formatAttendancePercentage,
  type AttendanceSummary,
  type OnLeaveCounting,
} from '@campus/contract';

const LEAVE_RULE: Record<OnLeaveCounting, string> = {
  exclude: 'not counted',
  present: 'counted as present',
  absent: 'counted as absent',
};

export function AttendanceSummaryCard({
  summary,
  rule = 'exclude',
}: {
  summary: AttendanceSummary;
  /** How the campus counts On leave days. */
  rule?: OnLeaveCounting;
}) {
  const shown = `${formatAttendancePercentage(summary.percentage)}%`;
  return (
    <Stack gap="sm">
      <Paper component="section" aria-labelledby="attendance-percentage-label" withBorder p="md" radius="md">
        <Group gap="lg" wrap="nowrap">
          <RingProgress
            aria-hidden
            size={96}
            thickness={10}
            roundCaps
            sections={[{ value: summary.percentage, color: summary.belowWarning ? 'red.9' : 'green.9' }]}
          />
          <div>
            <Text id="attendance-percentage-label" size="sm" c="dimmed">
              Attendance percentage
            </Text>
            <Text fz={36} fw={700} lh={1.2}>
              {shown}
            </Text>
            <Text size="sm">
              {summary.total === 0 && summary.onLeave === 0
                ? 'No attendance yet'
                : `Present on ${summary.present} of ${summary.total} ${summary.total === 1 ? 'day' : 'days'}`}
            </Text>
            {summary.onLeave > 0 && (
              <Text size="sm" c="dimmed">
                On leave {summary.onLeave} {summary.onLeave === 1 ? 'day' : 'days'} ({LEAVE_RULE[rule]})
              </Text>
            )}
          </div>
        </Group>
      </Paper>
      {summary.belowWarning && (
        <Alert color="red" title="Attendance below the requirement">
          Your attendance is {shown}, below the required {ATTENDANCE_WARNING_PERCENT}%. Attend your classes
          regularly and speak to your mentor.
        </Alert>
      )}
    </Stack>
  );
}
