/**
 * Attendance by course (/student/courses): where the student stands in each course of their group,
 * overall, and how the campus counts a Late mark and a lecture on leave.
 */
import { Paper, Stack, Text } from '@mantine/core';
import type { LateRule } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/current-user';
import { useCourseStandings, useTermSettings } from '../api';
import { CourseTable } from '../components/course-table';
import { attendedText, percentText } from '../format';

const LATE_WORDS: Record<LateRule, string> = {
  present: 'as a lecture attended',
  half: 'as half a lecture attended',
  absent: 'as a lecture missed',
};

export function StudentCoursesPage() {
  const standings = useCourseStandings(useCurrentUser().RollNo);
  const term = useTermSettings().data;
  return (
    <Stack>
      <PageTitle>Attendance by course</PageTitle>
      {standings.isPending ? (
        <LoadingState label="Loading your attendance by course..." />
      ) : standings.isError ? (
        <LoadFailedState
          title="Could not load your attendance by course"
          onRetry={() => void standings.refetch()}
        />
      ) : standings.data.courses.length === 0 ? (
        <EmptyState hint="Your group's courses show here once the timetable lists them.">
          No courses yet.
        </EmptyState>
      ) : (
        <>
          <Paper component="section" aria-labelledby="overall-label" withBorder p="md" radius="md" maw={520}>
            <Text id="overall-label" size="sm" c="dimmed">
              Overall
            </Text>
            {standings.data.overall.held > 0 && (
              <Text fz={32} fw={700} lh={1.2}>
                {percentText(standings.data.overall.percent)}
              </Text>
            )}
            <Text size="sm">
              {attendedText(standings.data.overall.held, standings.data.overall.attended)}
            </Text>
          </Paper>
          <CourseTable courses={standings.data.courses} />
          {term && (
            <Text size="sm" c="dimmed" maw={720}>
              Each course needs {percentText(term.minPercent)} of its lectures unless it names its own rule. A
              Late mark counts {LATE_WORDS[term.lateCounts]}; a lecture you were on leave for is not counted.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
