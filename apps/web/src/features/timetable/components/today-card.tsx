/** The student's Today card on their home: the group's lectures of the day, with who teaches where. */
import { useStudentWords } from '../../../i18n/student';
import { courseLabel } from '../format';
import { DayCard, LectureTime } from './day-card';

export function TodayCard() {
  const { t } = useStudentWords();
  return (
    <DayCard
      title={t('today.title')}
      titleId="today-title"
      renderItem={({ lecture, moment }) => (
        <>
          <LectureTime lecture={lecture} moment={moment} />
          <span className="lecture-course">{courseLabel(lecture.courseName, lecture.course)}</span>
          <span className="lecture-sub">
            {t('today.where', { room: lecture.room, teacher: lecture.teacherName })}
          </span>
        </>
      )}
    />
  );
}
