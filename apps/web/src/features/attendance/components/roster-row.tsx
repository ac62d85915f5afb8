/**
 * One student of the roster: name, roll number and a Present / Absent choice, each a whole 44 px
 * tap target. Plain elements and memoised: on a 200-row roster a tap renders this row alone.
 */
import { memo } from 'react';
import { ATTENDANCE_STATUSES, type AttendanceStatus, type RosterStudent } from '@campus/contract';

export const RosterRow = memo(function RosterRow({
  student,
  status,
  saved,
  disabled,
  onMark,
}: {
  student: RosterStudent;
  status: AttendanceStatus | undefined;
  /** The status already recorded for the day, shown when this one corrects it. */
  saved: AttendanceStatus | undefined;
  disabled: boolean;
  onMark: (rollNo: number, status: AttendanceStatus) => void;
}) {
  const { RollNo: rollNo, name } = student;
  const corrected = saved !== undefined && status !== saved;
  return (
    <tr className="roster-row" data-roll={rollNo} data-status={status ?? 'none'}>
      <th scope="row" className="roster-name">
        {name}
        <span className="roster-sub">
          Roll No {rollNo}
          {corrected && <span className="roster-was"> · was {saved}</span>}
        </span>
      </th>
      <td className="roster-status">
        <div role="radiogroup" aria-label={`Attendance of ${name} (${rollNo})`} className="roster-choices">
          {ATTENDANCE_STATUSES.map((option) => (
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
              {option}
            </label>
          ))}
        </div>
      </td>
    </tr>
  );
});
