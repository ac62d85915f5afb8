/** A course added or changed in a dialog: its code (fixed once made), name, credits and attendance rule. */
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CourseInputSchema, MESSAGES, type Course } from '@campus/contract';
import { fieldErrors } from '../../../components/field-errors';
import { failureDetail } from '../../../lib/failure';
import { useSaveCourse } from './api';

interface Draft {
  code: string;
  name: string;
  credits: string;
  minPercent: string;
}
type Field = keyof Draft;
const LABELS: Record<Field, string> = {
  code: 'Code',
  name: 'Name',
  credits: 'Credits',
  minPercent: 'Attendance needed (%)',
};

function CourseForm({
  course,
  campusPercent,
  onClose,
  onSaved,
}: {
  course: Course | null;
  campusPercent: number | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    code: course?.code ?? '',
    name: course?.name ?? '',
    credits: course ? String(course.credits) : '',
    minPercent: course === null || course.minPercent === null ? '' : String(course.minPercent),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveCourse();
  const field = (name: Field) => ({
    label: LABELS[name],
    value: draft[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((before) => ({ ...before, [name]: value }));
      setErrors((before) => ({ ...before, [name]: undefined }));
    },
  });

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = CourseInputSchema.safeParse({
      ...draft,
      credits: draft.credits.trim() === '' ? undefined : draft.credits,
      minPercent: draft.minPercent.trim() === '' ? null : draft.minPercent,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, LABELS));
      return;
    }
    save.mutate({ course: parsed.data, isNew: course === null }, { onSuccess: (a) => onSaved(a.message) });
  }

  const rule = campusPercent === undefined ? 'the campus rule' : `the campus rule (${campusPercent} %)`;
  return (
    <form onSubmit={submit} noValidate aria-label={course ? `Change ${course.code}` : 'Add a course'}>
      <Stack gap="md">
        <TextInput
          {...field('code')}
          disabled={course !== null}
          description={course ? 'A course keeps its code' : 'Such as CS301'}
          maxLength={16}
          autoComplete="off"
          required
          data-autofocus={course === null ? true : undefined}
        />
        <TextInput
          {...field('name')}
          maxLength={100}
          autoComplete="off"
          required
          data-autofocus={course ? true : undefined}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput {...field('credits')} inputMode="numeric" required />
          <TextInput {...field('minPercent')} inputMode="numeric" description={`Empty: ${rule}`} />
        </SimpleGrid>
        {save.isError && (
          <Alert color="red" role="alert" title="The course was not saved.">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {failureDetail(save.error)}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? MESSAGES.submitting : course ? 'Save course' : 'Add course'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CourseDialog({
  opened,
  course,
  campusPercent,
  onClose,
  onSaved,
}: {
  opened: boolean;
  course: Course | null;
  campusPercent: number | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={course ? `Change ${course.code}` : 'Add a course'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {opened && (
        <CourseForm
          key={course?.code ?? 'new'}
          course={course}
          campusPercent={campusPercent}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}
