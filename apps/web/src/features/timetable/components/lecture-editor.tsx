/**
 * A lecture's roster as a form: the day roster's tools (search, whom to show, Mark all present), the
 * rows, and the bar with the counts and Submit. It sends what changed; the outcome is a toast with the
 * server's words, naming any student the server kept On leave.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState, type SyntheticEvent } from 'react';
import { type Lecture, type LectureMarkAnswer, type LectureRosterRow } from '@campus/contract';
import { EmptyState } from '../../../components/page-states';
import { showOutcome } from '../../../components/toast';
import { NetworkError } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { useRosterWords } from '../../../i18n/roster';
import { queueMarks, syncMarks } from '../../../pwa/mark-queue';
import { QueuedMarksNotice, useLectureQueue, waitingText, withQueued } from '../../../pwa/queued-marks';
import { oneOf, useUrlSearch, type UrlState } from '../../../lib/url-state';
import { RosterTools, SHOWS, type Show } from '../../attendance/components/roster-tools';
import { useMarkLecture } from '../api';
import { courseLabel } from '../format';
import { dayWithWeekday } from '../lecture-day';
import { countMarks, shownMark, submissionOf, useLectureMarks } from '../use-lecture-marks';
import { countsText, LectureBar } from './lecture-bar';
import { LectureRoster } from './lecture-roster';

/**
 * The students the server kept On leave though the roster marked them, with why:
 * "Kept On leave: Dev Shah (230002), out on a gate pass."
 */
export function keptOnLeaveLine(
  t: ReturnType<typeof useRosterWords>['t'],
  kept: LectureMarkAnswer['keptOnLeave'],
  students: readonly LectureRosterRow[],
): string | null {
  if (kept.length === 0) return null;
  const nameOf = new Map(students.map((s) => [s.RollNo, s.name]));
  const who = kept.map(({ studentId, reason }) => {
    const name = nameOf.get(studentId);
    return `${name ? `${name} (${studentId})` : studentId}, ${reason}`;
  });
  return t('lecture.keptOnLeave', { who: who.join('; ') });
}

/** What Submit would do, or why it waits: the lecture may already be partly or wholly marked. */
function noteOf(
  t: ReturnType<typeof useRosterWords>['t'],
  changes: number,
  marked: number,
  total: number,
): string {
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
  const { text: search, setText: setSearch } = useUrlSearch(url, 300);
  const show = oneOf(url.params.get('show'), SHOWS, 'all');
  const { change } = url;
  const setShow = useCallback((next: Show) => change({ show: next === 'all' ? null : next }), [change]);
  const query = useDeferredValue(search.trim().toLowerCase());
  const [showProblems, setShowProblems] = useState(false);
  const counts = countMarks(students, edits, saved, away);
  const { records, problems } = submissionOf(students, edits, saved, away, overrides);
  const shown = students.filter((s) => {
    const status = shownMark(s.RollNo, edits, saved, away)?.status;
    if (show === 'absent' && status !== 'Absent') return false;
    if (show === 'unmarked' && status !== undefined) return false;
    return !query || s.name.toLowerCase().includes(query) || String(s.RollNo).startsWith(query);
  });
  const what = `${courseLabel(lecture.courseName, lecture.course)}, ${lecture.group}, ${dayWithWeekday(lecture.date)}`;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (records.length + problems.size === 0 || markLecture.isPending || waiting) return;
    if (problems.size > 0) {
      setShowProblems(true);
      document.getElementById(`late-${[...problems.keys()][0]}`)?.focus();
      return;
    }
    // Without a signal, or behind marks still waiting, the marks wait on the device in order.
    const keepOnDevice = () =>
      void queueMarks({
        periodId: lecture._id,
        date: lecture.date,
        label: what,
        records: records.map((r) => ({ ...r, was: saved.get(r.studentId)?.status ?? null })),
      }).then(
        () => {
          clear();
          showOutcome({
            ok: true,
            title: t('queue.keptTitle'),
            message: t('queue.keptMessage', { what, waiting: waitingText(t, records.length) }),
          });
          if (navigator.onLine) void syncMarks().catch(() => undefined);
        },
        (error: unknown) =>
          showOutcome({
            ok: false,
            title: t('said.markFailed'),
            message: `${t('queue.notKept', { what })}\n${failureDetail(error)}`,
          }),
      );
    if (!navigator.onLine || queued.length > 0) {
      keepOnDevice();
      return;
    }
    markLecture.mutate(
      { periodId: lecture._id, date: lecture.date, records },
      {
        onSuccess: (answer) => {
          clear();
          const kept = keptOnLeaveLine(t, answer.keptOnLeave, students);
          showOutcome({
            ok: true,
            title: answer.message,
            message: `${what}: ${countsText(t, counts)}.${kept ? `\n${kept}` : ''}`,
            persist: kept !== null,
          });
        },
        // The signal dropped on the way: the marks wait on the device. Otherwise they stay on
        // screen for another try.
        onError: (error) =>
          error instanceof NetworkError
            ? keepOnDevice()
            : showOutcome({
                ok: false,
                title: t('said.markFailed'),
                message: `${t('lecture.notMarked', { what })}\n${failureDetail(error)}`,
              }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="roster-form">
      <div className="roster-stack">
        {queued.length > 0 && <QueuedMarksNotice entries={queued} students={students} />}
        <RosterTools
          search={search}
          onSearch={setSearch}
          show={show}
          onShow={setShow}
          onMarkAll={markAll}
          pending={markLecture.isPending}
        />
        <p className="roster-note">
          {queued.length > 0 && records.length + problems.size === 0
            ? t('queue.shownUntilSent')
            : noteOf(t, records.length + problems.size, saved.size, students.length)}
        </p>
        <p id="roster-keys" className="roster-note roster-keys">
          {t('lecture.keys')}
        </p>
        {shown.length > 0 ? (
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
        ) : (
          <EmptyState hint={t('day.clearSearch')}>{t('said.noStudents')}</EmptyState>
        )}
        <LectureBar
          counts={counts}
          changes={records.length + problems.size}
          pending={markLecture.isPending}
          waiting={waiting}
        />
      </div>
    </form>
  );
}

const NO_PROBLEMS: ReadonlyMap<number, string> = new Map();
