/**
 * The teacher's My classes today card on their home: each lecture of the day one tap from its
 * roster, with whether it has been marked.
 */
import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import { hasBegun } from '../campus-now';
import { courseLabel } from '../format';
import { lectureLink } from '../paths';
import { DayCard, LectureTime } from './day-card';

export function MyClassesCard() {
  return (
    <DayCard
      title="My classes today"
      titleId="my-classes-title"
      emptyHint="Your lectures show here on the days you teach, each one tap from its roster."
      renderItem={({ lecture, moment, clock }) => (
        <Link className="lecture-link" to={lectureLink(lecture._id, lecture.date)}>
          <LectureTime lecture={lecture} moment={moment} />
          <span className="lecture-course">{courseLabel(lecture.courseName, lecture.course)}</span>
          <span className="lecture-line">
            <span className="lecture-sub">
              {lecture.group} · Room {lecture.room}
            </span>
            {lecture.marked ? (
              <Badge color="green" variant="light">
                Marked
              </Badge>
            ) : (
              clock !== null &&
              hasBegun(lecture, clock) && (
                <Badge color="gray" variant="light">
                  Not marked
                </Badge>
              )
            )}
          </span>
        </Link>
      )}
    />
  );
}
