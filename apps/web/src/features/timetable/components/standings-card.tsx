/**
 * Where you stand, on the student's home: the attendance of each course of their group and overall,
 * with the forecast of the course's rule; the courses that need attention first.
 */
import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS, type CourseStanding, type CourseState } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useForecastWords, usePreloadForecast } from '../../../i18n/forecast';
import { useStudentWords } from '../../../i18n/student';
import { useCurrentUser } from '../../../lib/current-user';
import { useCourseStandings } from '../api';
import { courseLabel, percentText } from '../format';
import { attendedWords, forecastWords } from '../standing-words';
import { StandingBadge } from './standing-badge';

/** Out of reach first, then at risk, then on track; by course code within each. */
const SEVERITY: Record<CourseState, number> = { unreachable: 0, 'at-risk': 1, ok: 2 };
const worstFirst = (a: CourseStanding, b: CourseStanding) =>
  SEVERITY[a.state] - SEVERITY[b.state] || a.course.localeCompare(b.course);

function CourseLine({ standing }: { standing: CourseStanding }) {
  const { t, i18n } = useStudentWords();
  const forecast = useForecastWords().t;
  return (
    <li className="standing-item" data-state={standing.state}>
      <span className="standing-head">
        <span className="lecture-course">{courseLabel(standing.courseName, standing.course)}</span>
        <span className="standing-figures">
          {standing.held > 0 && <span className="standing-percent">{percentText(standing.percent)}</span>}
          <StandingBadge state={standing.state} />
        </span>
      </span>
      <span className="lecture-sub">
        {t('standings.needs', {
          attended: attendedWords(t, standing.held, standing.attended),
          percent: percentText(standing.minPercent),
        })}
      </span>
      <span className="standing-forecast">{forecastWords(forecast, standing, i18n.language)}</span>
    </li>
  );
}

export function StandingsCard() {
  const { t } = useStudentWords();
  const standings = useCourseStandings(useCurrentUser().RollNo);
  usePreloadForecast();
  return (
    <Paper component="section" aria-labelledby="standing-title" withBorder p="md" radius="md">
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={2} size="h3" id="standing-title">
          {t('standings.title')}
        </Title>
        <Anchor component={Link} to={PATHS.student.courses} size="sm" underline="always">
          {t('standings.link')}
        </Anchor>
      </Group>
      {standings.isPending ? (
        <LoadingState label={t('standings.loading')} />
      ) : standings.isError ? (
        <LoadFailedState title={t('standings.failed')} onRetry={() => void standings.refetch()} />
      ) : standings.data.courses.length === 0 ? (
        <EmptyState hint={t('standings.emptyHint')}>{t('standings.empty')}</EmptyState>
      ) : (
        <>
          <Text fw={600} mb="xs">
            {t('standings.overall')}{' '}
            {standings.data.overall.held > 0 && `${percentText(standings.data.overall.percent)} · `}
            <Text span fw={400}>
              {attendedWords(t, standings.data.overall.held, standings.data.overall.attended)}
            </Text>
          </Text>
          <ul className="standing-list">
            {[...standings.data.courses].sort(worstFirst).map((standing) => (
              <CourseLine key={standing.course} standing={standing} />
            ))}
          </ul>
        </>
      )}
    </Paper>
  );
}
