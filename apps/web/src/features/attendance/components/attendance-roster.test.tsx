import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { AttendanceStatus, RosterStudent } from '@campus/contract';
import type { Marks } from '../use-roster-marks';
import { AttendanceRoster, CHUNK_ROWS } from './attendance-roster';

const students: RosterStudent[] = Array.from({ length: CHUNK_ROWS + 5 }, (_, i) => ({
  _id: `s${i}`,
  name: `Student ${i + 1}`,
  RollNo: 240001 + i,
  group: 'ECE-A',
}));

const NONE: Marks = new Map();

function Roster() {
  const [edits, setEdits] = useState<Marks>(NONE);
  const onMark = (rollNo: number, status: AttendanceStatus) =>
    setEdits((before) => new Map(before).set(rollNo, status));
  return (
    <AttendanceRoster
      group="ECE-A"
      students={students}
      edits={edits}
      saved={NONE}
      onMark={onMark}
      disabled={false}
      away={new Map()}
      overrides={new Set()}
      onOverride={() => undefined}
    />
  );
}

const choice = (n: number, status: AttendanceStatus) =>
  within(screen.getByRole('radiogroup', { name: `Attendance of Student ${n} (${240000 + n})` })).getByRole(
    'radio',
    { name: status },
  );

describe('AttendanceRoster', () => {
  it('lists every student as a row of one table, in order', () => {
    render(<Roster />);
    const table = screen.getByRole('table', { name: 'Students of ECE-A' });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.firstChild?.textContent);
    expect(names).toEqual(students.map((s) => s.name));
  });

  it('moves and marks by keyboard across the whole roster, past every 20th row', async () => {
    const user = userEvent.setup();
    render(<Roster />);
    choice(CHUNK_ROWS - 1, 'Present').focus();
    await user.keyboard('p');
    expect(choice(CHUNK_ROWS - 1, 'Present')).toBeChecked();
    await user.keyboard('a');
    expect(choice(CHUNK_ROWS, 'Absent')).toBeChecked();
    expect(choice(CHUNK_ROWS + 1, 'Present')).toHaveFocus();
    await user.keyboard('k');
    expect(choice(CHUNK_ROWS, 'Absent')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(choice(CHUNK_ROWS - 1, 'Present')).toHaveFocus();
    await user.keyboard('jj');
    expect(choice(CHUNK_ROWS + 1, 'Present')).toHaveFocus();
    // Nothing before the first student or after the last.
    choice(1, 'Present').focus();
    await user.keyboard('k');
    expect(choice(1, 'Present')).toHaveFocus();
    choice(students.length, 'Present').focus();
    await user.keyboard('j');
    expect(choice(students.length, 'Present')).toHaveFocus();
  });
});
