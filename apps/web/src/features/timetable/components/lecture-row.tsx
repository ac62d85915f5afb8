/**
 * One student of a lecture's roster: name, roll number and a Present / Absent / Late choice, each a
 * whole 44 px tap target, with the minutes of a Late mark under it. Plain elements and memoised, as
 * the day's roster rows are (attendance-roster.css): a tap renders this row alone.
 *
 * A student away for the lecture (approved leave, or out on a gate pass while it runs) is On leave
 * and locked until the teacher presses Override for them, deliberately.
 */
import { memo } from 'react';
import { statusKey, useRosterWords } from '../../../i18n/roster';
import {
  MAX_LATE_MINUTES,
  ON_LEAVE_STATUS,
  type LectureRosterRow,
  type LectureStatus,
} from '@campus/contract';
import type { RowMark } from '../use-lecture-marks';

/** The choices of a row, in the order of the day's roster (Present, Absent), then Late. */
export const ROW_CHOICES = ['Present', 'Absent', 'Late'] as const satisfies readonly LectureStatus[];

export const LectureRow = memo(function LectureRow({
  student,
  mark,
  saved,
  disabled,
  onMark,
  onMinutes,
  overridden,
  onOverride,
  problem,
}: {
  student: LectureRosterRow;
  mark: RowMark | undefined;
  /** The mark already saved, shown when this one corrects it. */
  saved: RowMark | undefined;
  disabled: boolean;
  onMark: (rollNo: number, status: LectureStatus) => void;
  onMinutes: (rollNo: number, minutes: string) => void;
  /** The teacher chose to mark this student, away for the lecture, anyway. */
  overridden: boolean;
  onOverride: (rollNo: number, on: boolean) => void;
  /** Why the minutes typed cannot be sent. */
  problem: string | undefined;
}) {
  const { t } = useRosterWords();
  const { RollNo: rollNo, name, away } = student;
  const status = mark?.status;
  const corrected = saved !== undefined && status !== saved.status;
  const locked = away !== null && !overridden;
  const minutesId = `late-${rollNo}`;
  return (
    <tr
      className="roster-row"
      data-roll={rollNo}
      data-status={status ?? 'none'}
      data-on-leave={away ?? undefined}
      data-overridden={overridden || undefined}
    >
      <th scope="row" className="roster-name">
        {name}
        <span className="roster-sub">
          {t('row.rollNo', { rollNo })}
          {corrected && (
            <span className="roster-was">{t('row.was', { status: t(statusKey(saved.status)) })}</span>
          )}
        </span>
        {away && (
          <span className="roster-leave">
            {overridden ? t('lecture.override') : t(statusKey(ON_LEAVE_STATUS))} — {t(`leaveSource.${away}`)}{' '}
            <button
              type="button"
              className="roster-override"
              aria-disabled={disabled || undefined}
              aria-label={
                overridden
                  ? t('row.undoLabel', { name, rollNo })
                  : t('lecture.overrideLabel', { name, rollNo })
              }
              onClick={() => {
                if (!disabled) onOverride(rollNo, !overridden);
              }}
            >
              {overridden ? t('row.undo') : t('row.override')}
            </button>
          </span>
        )}
      </th>
      <td className="roster-status">
        <div
          role="radiogroup"
          aria-label={t('row.attendanceOf', { name, rollNo })}
          className="roster-choices"
        >
          {locked ? (
            // A mark saved before the student went away stands until the teacher overrides it.
            <span className="roster-choice" data-option={status ?? ON_LEAVE_STATUS} data-checked>
              {t(statusKey(status ?? ON_LEAVE_STATUS))}
            </span>
          ) : (
            ROW_CHOICES.map((option) => (
              <label
                key={option}
                className="roster-choice"
                data-option={option}
                data-checked={status === option || undefined}
              >
                <input
                  type="radio"
                  name={`lecture-${rollNo}`}
                  value={option}
                  checked={status === option}
                  // Not `disabled`: a disabled radio drops the keyboard focus while the submit runs.
                  aria-disabled={disabled || undefined}
                  onChange={() => {
                    if (!disabled) onMark(rollNo, option);
                  }}
                />
                {t(statusKey(option))}
              </label>
            ))
          )}
        </div>
        {status === 'Late' && !locked && (
          <div className="lecture-minutes">
            <label htmlFor={minutesId}>{t('lecture.minutesLate')}</label>
            <input
              id={minutesId}
              className="lecture-minutes-input"
              aria-label={t('lecture.minutesLateOf', { name, rollNo })}
              inputMode="numeric"
              maxLength={3}
              autoComplete="off"
              value={mark?.minutes ?? ''}
              aria-describedby={problem ? `${minutesId}-problem` : undefined}
              aria-invalid={problem ? true : undefined}
              title={t('lecture.minutesRange', { max: MAX_LATE_MINUTES })}
              readOnly={disabled}
              onChange={(event) => onMinutes(rollNo, event.currentTarget.value)}
            />
            {problem && (
              <span id={`${minutesId}-problem`} className="lecture-minutes-problem">
                {t(`lecture.lateProblem.${problem}`, { max: MAX_LATE_MINUTES })}
              </span>
            )}
          </div>
        )}
      </td>
    </tr>
  );
});
