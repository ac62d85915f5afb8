/**
 * Attendance by course (/student/courses): where the student stands in each course of their group,
 * overall, and how the campus counts a Late mark and a lecture on leave.
 */
import { Paper, Stack, Text } from '@mantine/core';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { usePreloadForecast } from '../../../i18n/forecast';
import { useStudentWords } from '../../../i18n/student';
import { useCurrentUser } from '../../../lib/current-user';
import { useCourseStandings, useTermSettings } from '../api';
import { CourseTable } from '../components/course-table';
import { percentText } from '../format';
import { attendedWords } from '../standing-words';

export function StudentCoursesPage() {
  const { t } = useStudentWords();
  const standings = useCourseStandings(useCurrentUser().RollNo);
  const term = useTermSettings().data;
  usePreloadForecast();
  return (
    <Stack>
      <PageTitle>{t('courses.title')}</PageTitle>
      {standings.isPending ? (
        <LoadingState label={t('standings.loading')} />
      ) : standings.isError ? (
        <LoadFailedState title={t('standings.failed')} onRetry={() => void standings.refetch()} />
      ) : standings.data.courses.length === 0 ? (
        <EmptyState hint={t('standings.emptyHint')}>{t('standings.empty')}</EmptyState>
      ) : (
        <>
          <Paper component="section" aria-labelledby="overall-label" withBorder p="md" radius="md" maw={520}>
            <Text id="overall-label" size="sm" c="dimmed">
              {t('courses.overall')}
            </Text>
            {standings.data.overall.held > 0 && (
              <Text fz={32} fw={700} lh={1.2}>
                {percentText(standings.data.overall.percent)}
              </Text>
            )}
            <Text size="sm">
              {attendedWords(t, standings.data.overall.held, standings.data.overall.attended)}
            </Text>
          </Paper>
          <CourseTable courses={standings.data.courses} />
          {term && (
            <Text size="sm" c="dimmed" maw={720}>
              {t('courses.rule', {
                percent: percentText(term.minPercent),
                late: t(`courses.late.${term.lateCounts}`),
              })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
