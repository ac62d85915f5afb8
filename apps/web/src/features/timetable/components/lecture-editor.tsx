/**
 * A lecture's roster as a form: the day roster's tools (search, whom to show, Mark all present), the
 * rows, and the bar with the counts and Submit. It sends what changed; the outcome is a toast with the
 * server's words, naming any student the server kept On leave.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type SyntheticEvent } from 'react';
import type { Lecture, LectureRosterRow } from '@campus/contract';
import { RosterForm, useRosterView } from '../../../components/roster-form';
import { useRosterWords } from '../../../i18n/roster';
import type { UrlState } from '../../../lib/url-state';
import { useLectureQueue, withQueued } from '../../../pwa/queued-marks';
import { useMarkLecture } from '../api';
import { courseLabel } from '../format';
import { dayWithWeekday } from '../lecture-day';
import { countMarks, shownMark, submissionOf, useLectureMarks } from '../use-lecture-marks';
import { LectureBar } from './lecture-bar';
import { LectureRoster } from './lecture-roster';
import { useLectureSubmit } from './use-lecture-submit';

type T = ReturnType<typeof useRosterWords>['t'];

/** What Submit would do, or why it waits: the lecture may already be partly or wholly marked. */
function noteOf(t: T, changes: number, marked: number, total: number): string {
  if (changes > 0) return marked > 0 ? t('lecture.noteCorrections') : '';
  if (marked === 0) return t('day.hintNone');
  if (marked === total) return t('lecture.noteAll');
  return t('lecture.noteSome', { marked, total });
}

export function LectureEditor({
  url,
  lecture,
  students: serverStudents,
  waiting,
}: {
  url: UrlState;
  lecture: Lecture;
  students: readonly LectureRosterRow[];
  /** Why the lecture cannot be marked yet, if so. */
  waiting: string | null;
}) {
  const markLecture = useMarkLecture();
  const { t } = useRosterWords();
  const queryClient = useQueryClient();
  // Marks made offline wait on the device; the roster shows them over the server's until sent.
  const reread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['timetable'] }),
    [queryClient],
  );
  const queued = useLectureQueue(lecture._id, lecture.date, reread);
  const students = useMemo(() => withQueued(serverStudents, queued), [serverStudents, queued]);
  const { edits, overrides, saved, away, mark, markAll, setMinutes, override, clear } =
    useLectureMarks(students);
  const { view, shown } = useRosterView(
    url,
    students,
    (rollNo) => shownMark(rollNo, edits, saved, away)?.status,
  );
  const [showProblems, setShowProblems] = useState(false);
  const counts = countMarks(students, edits, saved, away);
  const { records, problems } = submissionOf(students, edits, saved, away, overrides);
  const what = `${courseLabel(lecture.courseName, lecture.course)}, ${lecture.group}, ${dayWithWeekday(lecture.date, t)}`;
  const send = useLectureSubmit({ lecture, what, students, saved, queued, markLecture, clear });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (records.length + problems.size === 0 || markLecture.isPending || waiting) return;
    if (problems.size > 0) {
      setShowProblems(true);
      document.getElementById(`late-${[...problems.keys()][0]}`)?.focus();
      return;
    }
    send(records, counts);
  };

  return (
    <RosterForm
      onSubmit={submit}
      queued={queued}
      students={students}
      view={view}
      onMarkAll={markAll}
      pending={markLecture.isPending}
      note={
        queued.length > 0 && records.length + problems.size === 0
          ? t('queue.shownUntilSent')
          : noteOf(t, records.length + problems.size, saved.size, students.length)
      }
      keys={t('lecture.keys')}
      roster={
        shown.length > 0 ? (
          <LectureRoster
            caption={t('lecture.caption', {
              group: lecture.group,
              course: courseLabel(lecture.courseName, lecture.course),
            })}
            students={shown}
            edits={edits}
            saved={saved}
            away={away}
            onMark={mark}
            onMinutes={setMinutes}
            disabled={markLecture.isPending}
            overrides={overrides}
            onOverride={override}
            problems={showProblems ? problems : NO_PROBLEMS}
          />
        ) : null
      }
      bar={
        <LectureBar
          counts={counts}
          changes={records.length + problems.size}
          pending={markLecture.isPending}
          waiting={waiting}
        />
      }
    />
  );
}

const NO_PROBLEMS: ReadonlyMap<number, string> = new Map();
