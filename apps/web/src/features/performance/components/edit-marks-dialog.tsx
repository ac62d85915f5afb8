/** The marks editor in a dialog: the student's marks read afresh, the form, and saving them. */
import { Modal } from '@mantine/core';
import type { MarksUpdateResponse } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { serverMessageOr } from '../../../lib/api-client';
import { useMarks, useSaveMarks } from '../api';
import { said } from '../../../i18n/said';
import { useTeacherWords } from '../../../i18n/teacher';
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
  const { t } = useTeacherWords();
  const marks = useMarks(student.rollNo);
  const save = useSaveMarks();
  if (marks.isPending) return <LoadingState label={t('performance.editor.loading')} />;
  if (marks.isError) {
    return (
      <LoadFailedState title={t('performance.editor.loadFailed')} onRetry={() => void marks.refetch()} />
    );
  }
  return (
    <MarksForm
      record={marks.data}
      pending={save.isPending}
      error={save.isError ? said(t, serverMessageOr(save.error, t('performance.editor.saveFailed'))) : null}
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
  const { t } = useTeacherWords();
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={
        student
          ? t('performance.editor.title', { who: `${student.name} (${student.rollNo})` })
          : t('performance.editor.editMarks')
      }
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
    >
      {student && (
        <MarksEditor student={student} onClose={onClose} onSaved={(response) => onSaved(student, response)} />
      )}
    </Modal>
  );
}
