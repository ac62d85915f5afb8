/** The student's Today card on their home: the group's lectures of the day, with who teaches where. */
import { courseLabel } from '../format';
import { DayCard, LectureTime } from './day-card';

export function TodayCard() {
  return (
    <DayCard
      title="Today"
      titleId="today-title"
      renderItem={({ lecture, moment }) => (
        <>
          <LectureTime lecture={lecture} moment={moment} />
          <span className="lecture-course">{courseLabel(lecture.courseName, lecture.course)}</span>
          <span className="lecture-sub">
            Room {lecture.room} · {lecture.teacherName}
          </span>
        </>
      )}
    />
  );
}
