/**
 * What a table of students needs to edit marks: an "Edit marks" button per row, the one dialog they
 * open, and a toast saying what each save changed.
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { describeMarkChanges, type MarksUpdateResponse } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { useTeacherWords, type TeacherWords } from '../../../i18n/teacher';
import { EditMarksDialog, type MarksStudent } from './edit-marks-dialog';

/** What changed is the contract's description, with the spec's field names and the numbers. */
function savedMessage(t: TeacherWords, student: MarksStudent, { changes }: MarksUpdateResponse): string {
  const who = `${student.name} (${student.rollNo})`;
  return changes.length === 0
    ? t('performance.editor.nothingChanged', { who })
    : t('performance.editor.saved', { who, changes: describeMarkChanges(changes) });
}

export function useMarksEditor() {
  const { t } = useTeacherWords();
  const [editing, setEditing] = useState<MarksStudent | null>(null);

  const editButton = (student: MarksStudent) => (
    <Button
      variant="default"
      size="compact-sm"
      aria-label={t('performance.editor.editMarksOf', { who: `${student.name} (${student.rollNo})` })}
      onClick={() => setEditing(student)}
    >
      {t('performance.editor.editMarks')}
    </Button>
  );

  const dialog = (
    <EditMarksDialog
      student={editing}
      onClose={() => setEditing(null)}
      onSaved={(student, response) => {
        setEditing(null);
        showOutcome({ ok: true, message: savedMessage(t, student, response) });
      }}
    />
  );

  /** `dialog` is rendered once, wherever the table is. */
  return { editButton, dialog };
}
