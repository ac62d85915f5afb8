/**
 * The students of a group, each with a Present / Absent choice that nothing forces to be made, and
 * keyboard marking for a laptop: ↑/↓ or J/K move between students, P and A mark and move on, ←/→
 * switch the choice (as radios do); a student On leave takes no mark until overridden. Styles:
 * attendance-roster.css.
 *
 * The rows come in bodies of {@link CHUNK_ROWS}, each its own paint layer: a tap repaints the body
 * of the row it changed, not all 200 rows.
 */
import { VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { AttendanceStatus, OnLeaveStudent, RosterStudent } from '@campus/contract';
import type { Marks } from '../use-roster-marks';
import { useRosterWords } from '../../../i18n/roster';
import { RosterRow } from './roster-row';

const MOVES: Record<string, 1 | -1> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };
const MARKS: Record<string, AttendanceStatus> = { p: 'Present', a: 'Absent' };

/** Rows in each table body. */
export const CHUNK_ROWS = 20;

/** The row after (1) or before (-1) this one, across the table bodies. */
function adjacentRow(row: Element, move: 1 | -1): Element | null | undefined {
  if (move === 1) return row.nextElementSibling ?? row.parentElement?.nextElementSibling?.firstElementChild;
  return row.previousElementSibling ?? row.parentElement?.previousElementSibling?.lastElementChild;
}

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
  const { t } = useRosterWords();
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const row = (event.target as HTMLElement).closest('tr');
    if (!row || !(event.target instanceof HTMLInputElement)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const status = MARKS[key];
    const move = MOVES[key];
    if (status) {
      event.preventDefault();
      if (!disabled) onMark(Number(row.dataset.roll), status);
      focusRow(adjacentRow(row, 1));
    } else if (move) {
      // Instead of the radio's own Up/Down, which would change the choice.
      event.preventDefault();
      focusRow(adjacentRow(row, move));
    }
  };
  const renderRow = (student: RosterStudent) => (
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
  );
  const chunks: (readonly RosterStudent[])[] = [];
  for (let start = 0; start < students.length; start += CHUNK_ROWS) {
    chunks.push(students.slice(start, start + CHUNK_ROWS));
  }
  return (
    <table className="roster" aria-describedby="roster-keys" onKeyDown={onKeyDown}>
      <caption className={VisuallyHidden.classes.root}>{t('roster.caption', { group })}</caption>
      <thead className={VisuallyHidden.classes.root}>
        <tr>
          <th scope="col">{t('roster.student')}</th>
          <th scope="col">{t('roster.status')}</th>
        </tr>
      </thead>
      {chunks.map((chunk, index) => (
        // Keyed by place: a body is a stretch of the list, not a set of students.
        <tbody key={index} className="roster-chunk">
          {chunk.map(renderRow)}
        </tbody>
      ))}
    </table>
  );
}
