/**
 * The students of a lecture, each with a Present / Absent / Late choice, and keyboard marking for a
 * laptop as on the day's roster: ↑/↓ or J/K move between students, P and A mark and move on, L marks
 * Late and stays (Tab reaches the minutes), ←/→ switch the choice; Enter in the minutes moves on.
 * Rows come in bodies of CHUNK_ROWS, each its own paint layer (attendance-roster.css).
 */
import { VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import type { LectureRosterRow, LectureStatus } from '@campus/contract';
import { useRosterWords } from '../../../i18n/roster';
import { CHUNK_ROWS } from '../../attendance/components/attendance-roster';
import { shownMark, type Away, type RowMarks } from '../use-lecture-marks';
import { LectureRow } from './lecture-row';

const MOVES: Record<string, 1 | -1> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };
const MARKS: Record<string, { status: LectureStatus; move: boolean }> = {
  p: { status: 'Present', move: true },
  a: { status: 'Absent', move: true },
  l: { status: 'Late', move: false },
};

/** The row after (1) or before (-1) this one, across the table bodies. */
function adjacentRow(row: Element, move: 1 | -1): Element | null | undefined {
  if (move === 1) return row.nextElementSibling ?? row.parentElement?.nextElementSibling?.firstElementChild;
  return row.previousElementSibling ?? row.parentElement?.previousElementSibling?.lastElementChild;
}

/** Focuses a row's chosen status (else its first), which scrolls it into view clear of the bar. */
function focusRow(row: Element | null | undefined): void {
  const input =
    row?.querySelector<HTMLInputElement>('input[type=radio]:checked') ??
    row?.querySelector<HTMLElement>('input[type=radio], button');
  input?.focus();
}

export function LectureRoster({
  caption,
  students,
  edits,
  saved,
  away,
  onMark,
  onMinutes,
  disabled,
  overrides,
  onOverride,
  problems,
}: {
  caption: string;
  /** The students on show (the filter and the search applied). */
  students: readonly LectureRosterRow[];
  edits: RowMarks;
  saved: RowMarks;
  away: Away;
  onMark: (rollNo: number, status: LectureStatus) => void;
  onMinutes: (rollNo: number, minutes: string) => void;
  disabled: boolean;
  overrides: ReadonlySet<number>;
  onOverride: (rollNo: number, on: boolean) => void;
  problems: ReadonlyMap<number, string>;
}) {
  const { t } = useRosterWords();
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const row = (target as HTMLElement).closest('tr');
    if (!row || !(target instanceof HTMLInputElement)) return;
    if (target.type !== 'radio') {
      // The minutes: Enter moves on rather than submitting a roster half marked.
      if (event.key === 'Enter') {
        event.preventDefault();
        focusRow(adjacentRow(row, 1));
      }
      return;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const mark = MARKS[key];
    const move = MOVES[key];
    if (mark) {
      event.preventDefault();
      if (!disabled) onMark(Number(row.dataset.roll), mark.status);
      if (mark.move) focusRow(adjacentRow(row, 1));
      else row.querySelector<HTMLInputElement>(`input[value="${mark.status}"]`)?.focus();
    } else if (move) {
      // Instead of the radio's own Up/Down, which would change the choice.
      event.preventDefault();
      focusRow(adjacentRow(row, move));
    }
  };
  const chunks: (readonly LectureRosterRow[])[] = [];
  for (let start = 0; start < students.length; start += CHUNK_ROWS) {
    chunks.push(students.slice(start, start + CHUNK_ROWS));
  }
  return (
    <table className="roster lecture-roster" aria-describedby="roster-keys" onKeyDown={onKeyDown}>
      <caption className={VisuallyHidden.classes.root}>{caption}</caption>
      <thead className={VisuallyHidden.classes.root}>
        <tr>
          <th scope="col">{t('roster.student')}</th>
          <th scope="col">{t('roster.status')}</th>
        </tr>
      </thead>
      {chunks.map((chunk, index) => (
        // Keyed by place: a body is a stretch of the list, not a set of students.
        <tbody key={index} className="roster-chunk">
          {chunk.map((student) => (
            <LectureRow
              key={student.RollNo}
              student={student}
              mark={shownMark(student.RollNo, edits, saved, away)}
              saved={saved.get(student.RollNo)}
              disabled={disabled}
              onMark={onMark}
              onMinutes={onMinutes}
              overridden={overrides.has(student.RollNo)}
              onOverride={onOverride}
              problem={problems.get(student.RollNo)}
            />
          ))}
        </tbody>
      ))}
    </table>
  );
}
