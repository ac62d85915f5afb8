/**
 * The campus's recent activity as charts: gate passes and questions per day, attendance per week.
 * Loaded on its own after the dashboard's first paint (it brings Recharts), so the first screen
 * stays within its bundle budget.
 */
import '@mantine/charts/styles.css';
// The legend's colour keys are Mantine colour swatches, whose styles the areas' sheet leaves out.
import '@mantine/core/styles/ColorSwatch.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { AdminOverview } from '@campus/contract';
import { formatDay } from '../../../lib/format';

/** "12 Mar" from a day. */
const shortDay = (day: string) => formatDay(day).replace(/\s\d{4}$/, '');

export default function OverviewCharts({ overview }: { overview: AdminOverview }) {
  const activity = overview.activity.map((day) => ({
    day: shortDay(day.date),
    'Gate passes': day.gatePasses,
    Questions: day.queries,
  }));
  const attendance = overview.attendanceByWeek
    .filter((week) => week.percentage !== null)
    .map((week) => ({ week: shortDay(week.week), Attendance: week.percentage }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper component="section" aria-labelledby="chart-activity" withBorder p="lg" radius="md">
        <Title order={2} size="h4" id="chart-activity" mb="sm">
          Gate passes and questions per day
        </Title>
        <BarChart
          h={220}
          data={activity}
          dataKey="day"
          series={[
            { name: 'Gate passes', color: 'blue.8' },
            { name: 'Questions', color: 'teal.8' },
          ]}
          withLegend
          tickLine="y"
          // Counts: whole numbers on the axis, never 0.25 of a gate pass.
          yAxisProps={{ allowDecimals: false }}
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
            h={220}
            data={attendance}
            dataKey="week"
            series={[{ name: 'Attendance', color: 'grape.8' }]}
            yAxisProps={{ domain: [0, 100] }}
            unit=" %"
            tickLine="y"
          />
        )}
      </Paper>
    </SimpleGrid>
  );
}
