/**
 * Adding or changing one weekly period of a group, in a dialog: checked by the contract's period rule
 * before it is sent. A period the server refuses (a clash of the group, a teacher or a room) keeps the
 * dialog open with the server's words, which name the period it clashes with.
 */
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  MESSAGES,
  PeriodInputSchema,
  WEEKDAY_NAMES,
  type Course,
  type Period,
  type PeriodInput,
  type Teacher,
} from '@campus/contract';
import { ApiError } from '../../../lib/api-client';
import { failureDetail } from '../../../lib/failure';
import { useDeletePeriod, useSavePeriod } from './api';

export interface PeriodDraft {
  course: string;
  weekday: string;
  start: string;
  end: string;
  room: string;
  /** A teacher id, or '' to keep whoever teaches the course to the group. */
  teacher: string;
}
type Field = keyof PeriodDraft;

const LABELS: Record<Field, string> = {
  course: 'Course',
  weekday: 'Weekday',
  start: 'Start',
  end: 'End',
  room: 'Room',
  teacher: 'Teacher',
};
const FIELD_OF: Record<string, Field> = { teacherId: 'teacher' };

export const draftOf = (period: Period | null): PeriodDraft =>
  period
    ? {
        course: period.course,
        weekday: String(period.weekday),
        start: period.start,
        end: period.end,
        room: period.room,
        teacher: String(period.teacherId),
      }
    : { course: '', weekday: '1', start: '', end: '', room: '', teacher: '' };

/** The draft as the API takes it, or each field's problem in the contract's words. */
function checked(
  draft: PeriodDraft,
  group: string,
): { period: PeriodInput } | { errors: Partial<Record<Field, string>> } {
  const errors: Partial<Record<Field, string>> = {};
  for (const name of ['course', 'start', 'end', 'room'] as const) {
    if (draft[name].trim() === '') errors[name] = `${LABELS[name]} is required`;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const parsed = PeriodInputSchema.safeParse({
    course: draft.course,
    group,
    weekday: draft.weekday,
    start: draft.start,
    end: draft.end,
    room: draft.room,
    teacherId: draft.teacher === '' ? undefined : draft.teacher,
  });
  if (parsed.success) return { period: parsed.data };
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = FIELD_OF[key] ?? (key in LABELS ? (key as Field) : undefined);
    if (field && !errors[field]) errors[field] = `${LABELS[field]} ${issue.message}`;
  }
  return { errors };
}

/** Why the server refused: its own words when it gave some (a clash, an unknown course). */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.serverMessage && (error.status === 409 || error.status === 400)
    ? error.serverMessage
    : failureDetail(error, 'The period was not saved.');

/** Cancel and save; for a period being changed, Delete too, asked once more before it is done. */
function PeriodActions({
  editing,
  saving,
  deleting,
  onCancel,
  onDelete,
}: {
  editing: boolean;
  saving: boolean;
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <Stack gap="xs">
        <Text size="sm">Delete this period? Lectures already marked stay in the students’ records.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button color="red.8" disabled={deleting} onClick={onDelete}>
            {deleting ? 'Deleting...' : 'Delete period'}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group justify="space-between" gap="sm">
      {editing ? (
        <Button variant="outline" color="red.8" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? MESSAGES.submitting : editing ? 'Save period' : 'Add period'}
        </Button>
      </Group>
    </Group>
  );
}

interface PeriodFormProps {
  group: string;
  /** The period being changed; null to add one. */
  period: Period | null;
  /** The group's week, to offer the course's teacher in the group when a course is chosen. */
  week: readonly Period[];
  courses: readonly Course[];
  teachers: readonly Teacher[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function PeriodForm({ group, period, week, courses, teachers, onClose, onSaved }: PeriodFormProps) {
  const [draft, setDraft] = useState(() => draftOf(period));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSavePeriod();
  const remove = useDeletePeriod();
  const failed = save.error ?? remove.error;

  const set = (field: Field, value: string) => {
    setDraft((before) => {
      const next = { ...before, [field]: value };
      // A course the group already has comes with its teacher.
      if (field === 'course' && before.teacher === '') {
        const taught = week.find((p) => p.course === value);
        if (taught) next.teacher = String(taught.teacherId);
      }
      return next;
    });
    setErrors((before) => ({ ...before, [field]: undefined }));
  };
  const field = (name: Field) => ({
    label: LABELS[name],
    value: draft[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => set(name, event.currentTarget.value),
  });

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    remove.reset();
    const result = checked(draft, group);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    save.mutate(
      { id: period?._id ?? null, period: result.period },
      { onSuccess: (answer) => onSaved(answer.message) },
    );
  }

  const courseChoices = [
    { value: '', label: 'Choose a course', disabled: true },
    ...courses.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` })),
  ];
  const teacherChoices = [
    { value: '', label: period ? 'Keep the course’s teacher' : 'The course’s teacher in this group' },
    // A deactivated teacher is offered only where they teach already.
    ...teachers
      .filter((t) => t.active || String(t.teacherId) === draft.teacher)
      .map((t) => ({ value: String(t.teacherId), label: `${t.name} (${t.teacherId})` })),
  ];
  return (
    <form onSubmit={submit} noValidate aria-label={period ? 'Change the period' : 'Add a period'}>
      <Stack gap="md">
        <NativeSelect {...field('course')} data={courseChoices} required data-autofocus />
        <NativeSelect
          {...field('weekday')}
          data={WEEKDAY_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
          required
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput {...field('start')} type="time" required />
          <TextInput {...field('end')} type="time" required />
        </SimpleGrid>
        <TextInput {...field('room')} maxLength={30} autoComplete="off" required />
        <NativeSelect
          {...field('teacher')}
          data={teacherChoices}
          description="Needed for a course’s first period in the group; another teacher takes the course over in it"
        />
        {failed && (
          <Alert
            color="red"
            role="alert"
            title={save.error ? 'The period was not saved.' : 'The period was not deleted.'}
          >
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {refusal(failed)}
            </Text>
          </Alert>
        )}
        <PeriodActions
          editing={period !== null}
          saving={save.isPending}
          deleting={remove.isPending}
          onCancel={onClose}
          onDelete={() => {
            if (!period) return;
            save.reset();
            remove.mutate(period._id, { onSuccess: (answer) => onSaved(answer.message) });
          }}
        />
      </Stack>
    </form>
  );
}

/** The form in its dialog, named for the group and the period. */
export function PeriodDialog(props: PeriodFormProps & { opened: boolean }) {
  const { opened, ...form } = props;
  const title = form.period
    ? `${form.period.course} on ${WEEKDAY_NAMES[form.period.weekday - 1] ?? ''}, ${form.group}`
    : `Add a period for ${form.group}`;
  return (
    <Modal
      opened={opened}
      onClose={form.onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {opened && <PeriodForm key={form.period?._id ?? 'new'} {...form} />}
    </Modal>
  );
}
