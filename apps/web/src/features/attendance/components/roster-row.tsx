/**
 * One student of the roster: name, roll number and a Present / Absent choice, each a whole 44 px
 * tap target. Plain elements and memoised: on a 200-row roster a tap renders this row alone.
 *
 * A student On leave that day (approved leave or gate pass) is pre-marked On leave: their Present /
 * Absent choice stays locked until the teacher presses Override for that student, deliberately.
 */
import { memo } from 'react';
import { statusKey, useRosterWords } from '../../../i18n/roster';
import {
  ATTENDANCE_STATUSES,
  ON_LEAVE_STATUS,
  type AttendanceStatus,
  type OnLeaveStudent,
  type RosterStudent,
} from '@campus/contract';

export const RosterRow = memo(function RosterRow({
  student,
  status,
  saved,
  disabled,
  onMark,
  leave,
  overridden = false,
  onOverride,
}: {
  student: RosterStudent;
  status: AttendanceStatus | undefined;
  /** The status already recorded for the day, shown when this one corrects it. */
  saved: AttendanceStatus | undefined;
  disabled: boolean;
  onMark: (rollNo: number, status: AttendanceStatus) => void;
  /** Why the student is On leave that day, if they are. */
  leave?: OnLeaveStudent['source'] | undefined;
  /** The teacher chose to mark this student On leave Present or Absent anyway. */
  overridden?: boolean;
  onOverride?: (rollNo: number, on: boolean) => void;
}) {
  const { t } = useRosterWords();
  const { RollNo: rollNo, name } = student;
  const source = leave && t(`leaveSource.${leave}`);
  const corrected = saved !== undefined && status !== saved;
  const locked = leave !== undefined && !overridden;
  return (
    <tr
      className="roster-row"
      data-roll={rollNo}
      data-status={status ?? 'none'}
      data-on-leave={leave}
      data-overridden={overridden || undefined}
    >
      <th scope="row" className="roster-name">
        {name}
        <span className="roster-sub">
          {t('row.rollNo', { rollNo })}
          {corrected && <span className="roster-was">{t('row.was', { status: t(statusKey(saved)) })}</span>}
        </span>
        {leave && (
          <span className="roster-leave">
            {overridden ? t('row.overrideOf', { source }) : t('row.onLeaveOf', { source })}{' '}
            <button
              type="button"
              className="roster-override"
              aria-disabled={disabled || undefined}
              aria-label={
                overridden ? t('row.undoLabel', { name, rollNo }) : t('row.overrideLabel', { name, rollNo })
              }
              onClick={() => {
                if (!disabled) onOverride?.(rollNo, !overridden);
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
            // A mark recorded before the leave was approved stands until the teacher overrides it.
            <span className="roster-choice" data-option={status ?? ON_LEAVE_STATUS} data-checked>
              {t(statusKey(status ?? ON_LEAVE_STATUS))}
            </span>
          ) : (
            ATTENDANCE_STATUSES.map((option) => (
              <label
                key={option}
                className="roster-choice"
                data-option={option}
                data-checked={status === option || undefined}
              >
                <input
                  type="radio"
                  name={`attendance-${rollNo}`}
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
      </td>
    </tr>
  );
});
