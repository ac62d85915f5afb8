/**
 * A lecture's roster (/teacher/lectures/:periodId/:date), opened from My classes today: the group's
 * students, who is away for the lecture and why, and their marks, one tap a row.
 */
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PATHS, type Lecture } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { useRosterWords } from '../../../i18n/roster';
import { ApiError } from '../../../lib/api-client';
import { formatClock } from '../../../lib/format';
import { useUrlState } from '../../../lib/url-state';
import { useLectureRoster, useTermSettings } from '../api';
import { hasBegun, useCampusClock, type CampusClock } from '../campus-now';
import { LectureEditor } from '../components/lecture-editor';
import { courseLabel, lectureTimes } from '../format';
import { dayWithWeekday } from '../lecture-day';

/** Why the lecture cannot be marked yet, by the campus's clock: it has not begun. */
function waitingFor(
  t: ReturnType<typeof useRosterWords>['t'],
  lecture: Lecture,
  clock: CampusClock | null,
): string | null {
  if (hasBegun(lecture, clock)) return null;
  const time = formatClock(lecture.start);
  return lecture.date === clock?.day
    ? t('lecture.beginsAt', { time })
    : t('lecture.beginsOn', { time, day: dayWithWeekday(lecture.date, t) });
}

function LectureHeading({ lecture }: { lecture: Lecture }) {
  const { t } = useRosterWords();
  return (
    <Stack gap={4} mb="md">
      <Text>
        {lecture.group} · {dayWithWeekday(lecture.date, t)} · {lectureTimes(lecture.start, lecture.end)} ·{' '}
        {t('lecture.room', { room: lecture.room })}
      </Text>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('lecture.taughtBy', { name: lecture.teacherName })}
        </Text>
        {lecture.marked && (
          <Badge color="green" variant="light">
            {t('lecture.marked')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

export function LectureRosterPage() {
  const { t } = useRosterWords();
  const { periodId = '', date = '' } = useParams();
  const url = useUrlState();
  const roster = useLectureRoster(periodId, date);
  const clock = useCampusClock(useTermSettings().data?.timeZone);
  const lecture = roster.data?.lecture;
  // The server's refusal names the problem (a holiday, a day the course is not taught): no retry helps.
  const refusal =
    roster.error instanceof ApiError &&
    roster.error.status >= 400 &&
    roster.error.status < 500 &&
    roster.error.status !== 401
      ? roster.error
      : null;
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={PATHS.teacher.home} size="sm" mb="xs" className="lecture-back">
        {t('lecture.back')}
      </Anchor>
      <PageTitle>{lecture ? courseLabel(lecture.courseName, lecture.course) : t('lecture.title')}</PageTitle>
      {roster.isPending ? (
        <LoadingState label={t('day.loadingStudents')} />
      ) : refusal ? (
        <Alert color="red" role="alert" title={t('lecture.cannotOpen')}>
          {refusal.serverMessage ?? refusal.message}
        </Alert>
      ) : roster.isError ? (
        <LoadFailedState title={t('lecture.loadFailed')} onRetry={() => void roster.refetch()} />
      ) : (
        <>
          <LectureHeading lecture={roster.data.lecture} />
          {roster.data.students.length === 0 ? (
            <EmptyState hint={t('lecture.emptyHint')}>
              {t('lecture.empty', { group: roster.data.lecture.group })}
            </EmptyState>
          ) : (
            <LectureEditor
              key={`${periodId}|${date}`}
              url={url}
              lecture={roster.data.lecture}
              students={roster.data.students}
              waiting={waitingFor(t, roster.data.lecture, clock)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
