/** Moves chosen students of one group into another. */
import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES, type GroupChangeResponse } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { serverMessageOr } from '../../../lib/api-client';
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
  const [error, setError] = useState<string | null>(null);
  const students = useGroupStudents(from === '' ? null : from);
  const move = useMoveStudents();
  const choices = (empty: string) => [{ value: '', label: empty }, ...groups];

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (chosen.length === 0) return setError('Choose at least one student to move.');
    if (to === '') return setError('Choose the group to move them to.');
    setError(null);
    move.mutate(
      { name: to, rollNos: chosen.map(Number) },
      {
        onSuccess: (res) => {
          setChosen([]);
          onMoved(res);
        },
        onError: (reason) =>
          setError(serverMessageOr(reason, 'Could not move the students. Please try again.')),
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
          onChange={(event) => setChosen(event.currentTarget.checked ? all : [])}
        />
        <Checkbox.Group label={`Students of ${from}`} value={chosen} onChange={setChosen}>
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
          }}
          data={choices('Choose a group')}
          w={{ base: '100%', xs: 240 }}
        />
        {list()}
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="To group"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            data={choices('Choose a group')}
            w={{ base: '100%', xs: 240 }}
          />
          <Button type="submit" disabled={move.isPending}>
            {move.isPending ? MESSAGES.submitting : 'Move students'}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
