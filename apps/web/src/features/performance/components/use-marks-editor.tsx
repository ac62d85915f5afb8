/**
 * What a table of students needs to edit marks: an "Edit marks" button per row, the one dialog they
 * open, and a toast saying what each save changed.
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { describeMarkChanges, type MarksUpdateResponse } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { EditMarksDialog, type MarksStudent } from './edit-marks-dialog';

function savedMessage(student: MarksStudent, { changes }: MarksUpdateResponse): string {
  const who = `${student.name} (${student.rollNo})`;
  return changes.length === 0
    ? `Nothing changed in the marks of ${who}.`
    : `Marks of ${who} saved: ${describeMarkChanges(changes)}.`;
}

export function useMarksEditor() {
  const [editing, setEditing] = useState<MarksStudent | null>(null);

  const editButton = (student: MarksStudent) => (
    <Button
      variant="default"
      size="compact-sm"
      aria-label={`Edit marks of ${student.name} (${student.rollNo})`}
      onClick={() => setEditing(student)}
    >
      Edit marks
    </Button>
  );

  const dialog = (
    <EditMarksDialog
      student={editing}
      onClose={() => setEditing(null)}
      onSaved={(student, response) => {
        setEditing(null);
        showOutcome({ ok: true, message: savedMessage(student, response) });
      }}
    />
  );

  /** `dialog` is rendered once, wherever the table is. */
  return { editButton, dialog };
}
