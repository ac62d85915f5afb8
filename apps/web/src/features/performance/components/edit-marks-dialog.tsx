/** The marks editor in a dialog: the student's marks read afresh, the form, and saving them. */
import { Modal } from '@mantine/core';
import type { MarksUpdateResponse } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { serverMessageOr } from '../../../lib/api-client';
import { useMarks, useSaveMarks } from '../api';
import { MarksForm } from './marks-form';

export interface MarksStudent {
  rollNo: number;
  name: string;
}

function MarksEditor({
  student,
  onClose,
  onSaved,
}: {
  student: MarksStudent;
  onClose: () => void;
  onSaved: (response: MarksUpdateResponse) => void;
}) {
  const marks = useMarks(student.rollNo);
  const save = useSaveMarks();
  if (marks.isPending) return <LoadingState label="Loading marks..." />;
  if (marks.isError) {
    return <LoadFailedState title="Could not load the marks." onRetry={() => void marks.refetch()} />;
  }
  return (
    <MarksForm
      record={marks.data}
      pending={save.isPending}
      error={save.isError ? serverMessageOr(save.error, 'Could not save the marks. Please try again.') : null}
      onSubmit={(values) => save.mutate({ rollNo: student.rollNo, marks: values }, { onSuccess: onSaved })}
      onCancel={onClose}
    />
  );
}

/** Open while `student` is set; `onSaved` hears the saved record and what changed. */
export function EditMarksDialog({
  student,
  onClose,
  onSaved,
}: {
  student: MarksStudent | null;
  onClose: () => void;
  onSaved: (student: MarksStudent, response: MarksUpdateResponse) => void;
}) {
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={student ? `Edit marks: ${student.name} (${student.rollNo})` : 'Edit marks'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {student && (
        <MarksEditor student={student} onClose={onClose} onSaved={(response) => onSaved(student, response)} />
      )}
    </Modal>
  );
}
