/**
 * What a table of students needs to edit marks: an "Edit marks" button per row, the one dialog they
 * open, and a message saying what the last save changed.
 */
import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { describeMarkChanges, type MarksUpdateResponse } from '@campus/contract';
import { EditMarksDialog, type MarksStudent } from './edit-marks-dialog';

function savedMessage(student: MarksStudent, { changes }: MarksUpdateResponse): string {
  const who = `${student.name} (${student.rollNo})`;
  return changes.length === 0
    ? `Nothing changed in the marks of ${who}.`
    : `Marks of ${who} saved: ${describeMarkChanges(changes)}.`;
}

export function useMarksEditor() {
  const [editing, setEditing] = useState<MarksStudent | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const editButton = (student: MarksStudent) => (
    <Button
      variant="default"
      size="compact-sm"
      aria-label={`Edit marks of ${student.name} (${student.rollNo})`}
      onClick={() => {
        setSaved(null);
        setEditing(student);
      }}
    >
      Edit marks
    </Button>
  );

  const status = saved && (
    <Alert
      color="green"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setSaved(null)}
    >
      {saved}
    </Alert>
  );

  const dialog = (
    <EditMarksDialog
      student={editing}
      onClose={() => setEditing(null)}
      onSaved={(student, response) => {
        setEditing(null);
        setSaved(savedMessage(student, response));
      }}
    />
  );

  /** `status` is null until a save; `dialog` is rendered once, wherever the table is. */
  return { editButton, dialog, status };
}
