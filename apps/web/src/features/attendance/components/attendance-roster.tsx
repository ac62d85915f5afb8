/**
 * The students of a group, each with a Present / Absent choice that nothing forces to be made, and
 * keyboard marking for a laptop: ↑/↓ or J/K move between students, P and A mark and move on, ←/→
 * switch the choice (as radios do); a student On leave takes no mark until overridden. Styles:
 * attendance-roster.css.
 */
import type { KeyboardEvent } from 'react';
import type { AttendanceStatus, OnLeaveStudent, RosterStudent } from '@campus/contract';
import type { Marks } from '../use-roster-marks';
import { RosterRow } from './roster-row';

const MOVES: Record<string, 1 | -1> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };
const MARKS: Record<string, AttendanceStatus> = { p: 'Present', a: 'Absent' };

/** Focuses a row's chosen status (else its first), which scrolls it into view clear of the bar. */
function focusRow(row: Element | null | undefined): void {
  const input = row?.querySelector<HTMLInputElement>('input:checked') ?? row?.querySelector('input');
  input?.focus();
}

export function AttendanceRoster({
  group,
  students,
  edits,
  saved,
  onMark,
  disabled,
  away,
  overrides,
  onOverride,
}: {
  group: string;
  /** The students on show (the filter and the search applied). */
  students: readonly RosterStudent[];
  edits: Marks;
  saved: Marks;
  onMark: (rollNo: number, status: AttendanceStatus) => void;
  disabled: boolean;
  /** The students On leave that day, and why. */
  away: ReadonlyMap<number, OnLeaveStudent['source']>;
  /** The students On leave the teacher chose to mark anyway. */
  overrides: ReadonlySet<number>;
  onOverride: (rollNo: number, on: boolean) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const row = (event.target as HTMLElement).closest('tr');
    if (!row || !(event.target instanceof HTMLInputElement)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const status = MARKS[key];
    const move = MOVES[key];
    if (status) {
      event.preventDefault();
      if (!disabled) onMark(Number(row.dataset.roll), status);
      focusRow(row.nextElementSibling);
    } else if (move) {
      // Instead of the radio's own Up/Down, which would change the choice.
      event.preventDefault();
      focusRow(move === 1 ? row.nextElementSibling : row.previousElementSibling);
    }
  };
  return (
    <table className="roster" aria-describedby="roster-keys">
      <caption className="roster-hidden">Students of {group}</caption>
      <thead className="roster-hidden">
        <tr>
          <th scope="col">Student</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody onKeyDown={onKeyDown}>
        {students.map((student) => (
          <RosterRow
            key={student.RollNo}
            student={student}
            status={
              edits.get(student.RollNo) ??
              saved.get(student.RollNo) ??
              (away.has(student.RollNo) ? 'On leave' : undefined)
            }
            saved={saved.get(student.RollNo)}
            disabled={disabled}
            onMark={onMark}
            leave={away.get(student.RollNo)}
            overridden={overrides.has(student.RollNo)}
            onOverride={onOverride}
          />
        ))}
      </tbody>
    </table>
  );
}
