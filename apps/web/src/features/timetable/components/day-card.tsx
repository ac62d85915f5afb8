/**
 * A card of a day's lectures on a home screen: its title and the day, then the lectures or why there
 * are none (a holiday, outside the term, no lectures that weekday). The lecture on now, or else the
 * next one, is marked Now or Next by the campus's clock. Styles: timetable.css.
 */
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Lecture, TermSettings, TimetableDay } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { useStudentWords } from '../../../i18n/student';
import { formatDay } from '../../../lib/format';
import { useTermSettings, useTimetableDay } from '../api';
import { nowOrNext, useCampusClock, type CampusClock, type LectureMoment } from '../campus-now';
import { lectureTimes } from '../format';
import type { StudentWords } from '../standing-words';

/** Why a day holds no lectures, in words. */
function noLectures(t: StudentWords, day: TimetableDay, term: TermSettings | undefined): string {
  if (day.holiday) return t('shared.day.holiday', { name: day.holiday });
  if (day.inTerm) return t('shared.day.none');
  if (!term) return t('shared.day.outsideTerm');
  return day.date < term.termStart
    ? t('shared.day.termBegins', { day: formatDay(term.termStart) })
    : t('shared.day.termEnded', { day: formatDay(term.termEnd) });
}

export interface DayItem {
  lecture: Lecture;
  moment: LectureMoment | null;
  clock: CampusClock | null;
}

export function DayCard({
  title,
  titleId,
  renderItem,
  emptyHint,
}: {
  title: string;
  titleId: string;
  /** One lecture's line, inside its list item. */
  renderItem: (item: DayItem) => ReactNode;
  /** What the empty card says beyond "No lectures today". */
  emptyHint?: string;
}) {
  const { t } = useStudentWords();
  const day = useTimetableDay();
  const term = useTermSettings().data;
  const clock = useCampusClock(term?.timeZone);
  const lectures = day.data?.lectures ?? [];
  const highlight = nowOrNext(lectures, clock);
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {day.data && (
          <Text size="sm" c="dimmed">
            {formatDay(day.data.date)}
          </Text>
        )}
      </Group>
      {day.isPending ? (
        <LoadingState label={t('shared.day.loading')} />
      ) : day.isError ? (
        <LoadFailedState title={t('shared.day.failed')} onRetry={() => void day.refetch()} />
      ) : lectures.length === 0 ? (
        <div role="status">
          <Text>{noLectures(t, day.data, term)}</Text>
          {emptyHint && (
            <Text size="sm" c="dimmed">
              {emptyHint}
            </Text>
          )}
        </div>
      ) : (
        <ol className="lecture-list">
          {lectures.map((lecture) => {
            const moment = highlight?.id === lecture._id ? highlight.moment : null;
            return (
              <li
                key={lecture._id}
                className="lecture-item"
                data-moment={moment ?? undefined}
                aria-current={moment === 'now' ? 'time' : undefined}
              >
                {renderItem({ lecture, moment, clock })}
              </li>
            );
          })}
        </ol>
      )}
    </Paper>
  );
}

/** "9:00 am – 10:00 am", then Now or Next when it is. */
export function LectureTime({ lecture, moment }: { lecture: Lecture; moment: LectureMoment | null }) {
  const { t } = useStudentWords();
  return (
    <span className="lecture-line">
      <span className="lecture-time">{lectureTimes(lecture.start, lecture.end)}</span>
      {moment && (
        <Badge color="blue.8" variant={moment === 'now' ? 'filled' : 'outline'}>
          {t(moment === 'now' ? 'shared.day.now' : 'shared.day.next')}
        </Badge>
      )}
    </span>
  );
}
