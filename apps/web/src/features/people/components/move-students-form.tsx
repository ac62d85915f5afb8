/** Moves chosen students of one group into another. */
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES, type GroupChangeResponse } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { useGroupStudents, useMoveStudents } from '../api';

export function MoveStudentsForm({
  groups,
  onMoved,
}: {
  groups: string[];
  onMoved: (res: GroupChangeResponse) => void;
}) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  // Each problem is said on the choice that fixes it.
  const [errors, setErrors] = useState<{ students?: string; to?: string }>({});
  const students = useGroupStudents(from === '' ? null : from);
  const move = useMoveStudents();
  const choose = (rollNos: string[]) => {
    setChosen(rollNos);
    if (rollNos.length > 0) setErrors((e) => ({ ...e, students: undefined }));
  };
  const choices = (empty: string) => [{ value: '', label: empty }, ...groups];

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const found = {
      ...(chosen.length === 0 ? { students: 'Choose at least one student to move.' } : {}),
      ...(to === '' ? { to: 'Choose the group to move them to.' } : {}),
    };
    setErrors(found);
    if (found.students || found.to) return;
    const count = `${chosen.length} student${chosen.length === 1 ? '' : 's'}`;
    move.mutate(
      { name: to, rollNos: chosen.map(Number) },
      {
        onSuccess: (res) => {
          setChosen([]);
          onMoved(res);
        },
        // The choices stay, to send again.
        onError: (reason) =>
          showOutcome({
            ok: false,
            title: `Could not move ${count} from ${from} to ${to}`,
            message: failureDetail(reason),
          }),
      },
    );
  }

  function list() {
    if (from === '') return <Text c="dimmed">Choose a group to see its students.</Text>;
    if (students.isPending) return <LoadingState label="Loading students..." />;
    if (students.isError) {
      return <LoadFailedState title="Could not load students." onRetry={() => void students.refetch()} />;
    }
    if (students.data.length === 0) return <Text c="dimmed">{MESSAGES.attendance.emptyGroup}</Text>;
    const all = students.data.map((s) => String(s.RollNo));
    return (
      <Stack gap="xs">
        <Checkbox
          label="All students of this group"
          checked={chosen.length === all.length}
          indeterminate={chosen.length > 0 && chosen.length < all.length}
          onChange={(event) => choose(event.currentTarget.checked ? all : [])}
        />
        <Checkbox.Group
          label={`Students of ${from}`}
          value={chosen}
          onChange={choose}
          error={errors.students}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" mt="xs">
            {students.data.map((s) => (
              <Checkbox key={s.RollNo} value={String(s.RollNo)} label={`${s.name} (${s.RollNo})`} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Move students">
      <Stack gap="md">
        <NativeSelect
          label="From group"
          value={from}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
            setChosen([]);
            setErrors((e) => ({ ...e, students: undefined }));
          }}
          data={choices('Choose a group')}
          // With no group chosen yet, the students to choose are found here.
          error={from === '' ? errors.students : undefined}
          w={{ base: '100%', xs: 240 }}
        />
        {list()}
        <Group align="flex-start" gap="sm">
          <NativeSelect
            label="To group"
            value={to}
            onChange={(event) => {
              setTo(event.currentTarget.value);
              setErrors((e) => ({ ...e, to: undefined }));
            }}
            data={choices('Choose a group')}
            error={errors.to}
            w={{ base: '100%', xs: 240 }}
          />
          {/* Level with the field (not with its error, when it shows one), whose label sits above it. */}
          <Button type="submit" disabled={move.isPending} mt={{ base: 0, xs: 25 }}>
            {move.isPending ? MESSAGES.submitting : 'Move students'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
