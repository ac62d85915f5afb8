/**
 * The campus's recent activity as charts: gate passes and questions per day, attendance per week.
 * Loaded on its own after the dashboard's first paint, so the first screen stays within its bundle
 * budget. The charts are the app's own small SVG ones (decision record 0082).
 */
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { AdminOverview } from '@campus/contract';
import { formatDay } from '../../../lib/format';
import { BarChart } from './bar-chart';
import { LineChart } from './line-chart';

/** "12 Mar" from a day. */
const shortDay = (day: string) => formatDay(day).replace(/\s\d{4}$/, '');

const ACTIVITY_SERIES = [
  { name: 'Gate passes', color: 'var(--mantine-color-blue-8)' },
  { name: 'Questions', color: 'var(--mantine-color-teal-8)' },
];
const ATTENDANCE_SERIES = [{ name: 'Attendance', color: 'var(--mantine-color-grape-8)' }];
const PERCENT_TICKS = [0, 25, 50, 75, 100];

export default function OverviewCharts({ overview }: { overview: AdminOverview }) {
  const activity = overview.activity.map((day) => ({
    label: shortDay(day.date),
    values: [day.gatePasses, day.queries],
  }));
  const attendance = overview.attendanceByWeek.flatMap((week) =>
    week.percentage === null ? [] : [{ label: shortDay(week.week), values: [week.percentage] }],
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper component="section" aria-labelledby="chart-activity" withBorder p="lg" radius="md">
        <Title order={2} size="h4" id="chart-activity" mb="sm">
          Gate passes and questions per day
        </Title>
        <BarChart
          title="Gate passes and questions per day"
          categoryName="Day"
          series={ACTIVITY_SERIES}
          data={activity}
        />
      </Paper>
      <Paper component="section" aria-labelledby="chart-attendance" withBorder p="lg" radius="md">
        <Title order={2} size="h4" id="chart-attendance" mb="sm">
          Attendance by week
        </Title>
        {attendance.length === 0 ? (
          <Text size="sm">No attendance marked in the last weeks.</Text>
        ) : (
          <LineChart
            title="Attendance by week"
            categoryName="Week"
            series={ATTENDANCE_SERIES}
            data={attendance}
            ticks={PERCENT_TICKS}
            unit=" %"
          />
        )}
      </Paper>
    </SimpleGrid>
  );
}
