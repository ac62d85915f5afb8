/**
 * The teacher's My classes today card on their home: each lecture of the day one tap from its
 * roster, with whether it has been marked.
 */
import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import { hasBegun } from '../campus-now';
import { courseLabel } from '../format';
import { lectureLink } from '../paths';
import { useTeacherWords } from '../../../i18n/teacher';
import { DayCard, LectureTime } from './day-card';

export function MyClassesCard() {
  const { t } = useTeacherWords();
  return (
    <DayCard
      title={t('classes.title')}
      titleId="my-classes-title"
      emptyHint={t('classes.emptyHint')}
      renderItem={({ lecture, moment, clock }) => (
        <Link className="lecture-link" to={lectureLink(lecture._id, lecture.date)}>
          <LectureTime lecture={lecture} moment={moment} />
          <span className="lecture-course">{courseLabel(lecture.courseName, lecture.course)}</span>
          <span className="lecture-line">
            <span className="lecture-sub">
              {t('classes.room', { group: lecture.group, room: lecture.room })}
            </span>
            {lecture.marked ? (
              <Badge color="green" variant="light">
                {t('classes.marked')}
              </Badge>
            ) : (
              clock !== null &&
              hasBegun(lecture, clock) && (
                <Badge color="gray" variant="light">
                  {t('classes.notMarked')}
                </Badge>
              )
            )}
          </span>
        </Link>
      )}
    />
  );
}
