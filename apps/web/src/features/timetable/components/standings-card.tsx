/**
 * Where you stand, on the student's home: the attendance of each course of their group and overall,
 * with the forecast of the course's rule; the courses that need attention first.
 */
import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS, type CourseStanding, type CourseState } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useCurrentUser } from '../../../lib/current-user';
import { useCourseStandings } from '../api';
import { attendedText, courseLabel, percentText } from '../format';
import { StandingBadge } from './standing-badge';

/** Out of reach first, then at risk, then on track; by course code within each. */
const SEVERITY: Record<CourseState, number> = { unreachable: 0, 'at-risk': 1, ok: 2 };
const worstFirst = (a: CourseStanding, b: CourseStanding) =>
  SEVERITY[a.state] - SEVERITY[b.state] || a.course.localeCompare(b.course);

function CourseLine({ standing }: { standing: CourseStanding }) {
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
        {attendedText(standing.held, standing.attended)} · needs {percentText(standing.minPercent)}
      </span>
      <span className="standing-forecast">{standing.forecast}</span>
    </li>
  );
}

export function StandingsCard() {
  const standings = useCourseStandings(useCurrentUser().RollNo);
  return (
    <Paper component="section" aria-labelledby="standing-title" withBorder p="md" radius="md">
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={2} size="h3" id="standing-title">
          Where you stand
        </Title>
        <Anchor component={Link} to={PATHS.student.courses} size="sm" underline="always">
          Attendance by course
        </Anchor>
      </Group>
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
          <Text fw={600} mb="xs">
            Overall {standings.data.overall.held > 0 && `${percentText(standings.data.overall.percent)} · `}
            <Text span fw={400}>
              {attendedText(standings.data.overall.held, standings.data.overall.attended)}
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
