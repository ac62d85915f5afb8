/** The admin's Groups page: every group with its students and mentors, and the changes to groups. */
import { Box, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { describeChanges, type GroupChangeResponse, type GroupSummary } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { showOutcome } from '../../../components/toast';
import { useGroupSummaries } from '../api';
import { CreateGroupForm } from '../components/create-group-form';
import { DataTable, type Column } from '../../../components/data-table';
import { GroupDialog, type GroupEdit } from '../components/group-dialogs';
import { MoveStudentsForm } from '../components/move-students-form';

const mentorsOf = (group: GroupSummary) =>
  group.mentors.map((m) => `${m.name} (${m.teacherId})`).join(', ') || '—';

function describe({ message, group, changes }: GroupChangeResponse): string {
  return changes.length === 0
    ? `${group.name}: nothing changed.`
    : `${message}: ${describeChanges(changes)}.`;
}

export function AdminGroupsPage() {
  const groups = useGroupSummaries();
  const [edit, setEdit] = useState<GroupEdit | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const done = (res: GroupChangeResponse) => {
    setEdit(null);
    showOutcome({ ok: true, message: describe(res) });
  };

  const columns: Column<GroupSummary>[] = [
    { header: 'Group', cell: (g) => g.name },
    { header: 'Students', cell: (g) => g.students },
    { header: 'Mentors', cell: mentorsOf },
    {
      header: 'Actions',
      actions: true,
      cell: (g) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="compact-sm"
            aria-label={`Rename ${g.name}`}
            onClick={() => setEdit({ kind: 'rename', group: g })}
          >
            Rename
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            aria-label={`Set mentors of ${g.name}`}
            onClick={() => setEdit({ kind: 'mentors', group: g })}
          >
            Mentors
          </Button>
        </Group>
      ),
    },
  ];

  function table() {
    if (groups.isPending) return <LoadingState label="Loading groups..." />;
    if (groups.isError) {
      return <LoadFailedState title="Could not load groups." onRetry={() => void groups.refetch()} />;
    }
    if (groups.data.length === 0) {
      return (
        <EmptyState
          hint="Create a group with its name, then move students into it or import them."
          action={
            <Button variant="default" onClick={() => nameField.current?.focus()}>
              Create a group
            </Button>
          }
        >
          No groups yet.
        </EmptyState>
      );
    }
    return (
      <DataTable
        caption="Groups"
        columns={columns}
        rows={groups.data}
        rowKey={(g) => g.name}
        minWidth={640}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Box>
        <PageTitle>Groups</PageTitle>
        <CreateGroupForm
          nameRef={nameField}
          onCreated={(name) => showOutcome({ ok: true, message: `Group ${name} created.` })}
        />
      </Box>
      {table()}
      <GroupDialog edit={edit} onClose={() => setEdit(null)} onDone={done} />
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Move students
        </Title>
        <MoveStudentsForm groups={groups.data?.map((g) => g.name) ?? []} onMoved={done} />
      </Paper>
    </Stack>
  );
}
