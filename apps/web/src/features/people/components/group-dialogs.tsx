/** Renaming a group, and choosing its mentors among every teacher. */
import { Alert, Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { GroupNameSchema, MESSAGES, type GroupChangeResponse, type GroupSummary } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { serverMessageOr } from '../../../lib/api-client';
import { useAllTeachers, useRenameGroup, useSetGroupMentors } from '../api';

function Actions({ pending, label, onCancel }: { pending: boolean; label: string; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? MESSAGES.submitting : label}
      </Button>
    </Group>
  );
}

function RenameForm({
  group,
  onDone,
  onCancel,
}: {
  group: GroupSummary;
  onDone: (res: GroupChangeResponse) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(group.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameGroup();
  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = GroupNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(`New name ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
      return;
    }
    setError(null);
    rename.mutate(
      { name: group.name, to: parsed.data },
      {
        onSuccess: onDone,
        onError: (reason) =>
          setError(serverMessageOr(reason, 'Could not rename the group. Please try again.')),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={`Rename ${group.name}`}>
      <Stack gap="md">
        <TextInput
          label="New name"
          description="Its students and mentors move with it"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          data-autofocus
        />
        <Actions pending={rename.isPending} label="Rename group" onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function MentorsForm({
  group,
  onDone,
  onCancel,
}: {
  group: GroupSummary;
  onDone: (res: GroupChangeResponse) => void;
  onCancel: () => void;
}) {
  const teachers = useAllTeachers();
  const [chosen, setChosen] = useState(group.mentors.map((m) => String(m.teacherId)));
  // The list closes once a teacher is picked, so that it does not cover the dialog's buttons.
  const [listOpen, setListOpen] = useState(false);
  const save = useSetGroupMentors();
  if (teachers.isPending) return <LoadingState label="Loading teachers..." />;
  if (teachers.isError) {
    return <LoadFailedState title="Could not load teachers." onRetry={() => void teachers.refetch()} />;
  }
  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    save.mutate({ name: group.name, teacherIds: chosen.map(Number) }, { onSuccess: onDone });
  }
  return (
    <form onSubmit={submit} noValidate aria-label={`Mentors of ${group.name}`}>
      <Stack gap="md">
        <MultiSelect
          data-autofocus
          label="Mentors"
          description="The teachers who mentor this group; none is allowed"
          placeholder={chosen.length === 0 ? 'Search teachers' : undefined}
          data={teachers.data.map((t) => ({
            value: String(t.teacherId),
            label: `${t.name} (${t.teacherId})${t.active ? '' : ', inactive'}`,
          }))}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setListOpen(false);
          }}
          dropdownOpened={listOpen}
          onDropdownOpen={() => setListOpen(true)}
          onDropdownClose={() => setListOpen(false)}
          searchable
          clearable
          nothingFoundMessage="No teacher matches"
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {serverMessageOr(save.error, 'Could not save the mentors. Please try again.')}
          </Alert>
        )}
        <Actions pending={save.isPending} label="Save mentors" onCancel={onCancel} />
      </Stack>
    </form>
  );
}

export type GroupEdit = { kind: 'rename' | 'mentors'; group: GroupSummary };

/** Open while `edit` is set; `onDone` hears what the change answered. */
export function GroupDialog({
  edit,
  onClose,
  onDone,
}: {
  edit: GroupEdit | null;
  onClose: () => void;
  onDone: (res: GroupChangeResponse) => void;
}) {
  return (
    <Modal
      opened={edit !== null}
      onClose={onClose}
      title={edit ? `${edit.kind === 'rename' ? 'Rename' : 'Mentors of'} ${edit.group.name}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {edit?.kind === 'rename' && <RenameForm group={edit.group} onDone={onDone} onCancel={onClose} />}
      {edit?.kind === 'mentors' && <MentorsForm group={edit.group} onDone={onDone} onCancel={onClose} />}
    </Modal>
  );
}
