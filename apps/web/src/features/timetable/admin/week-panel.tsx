/** One group's week, chosen by its name: its periods on the week grid, each opened in a dialog. */
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Period } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { showOutcome } from '../../../components/toast';
import { useCourses, useGroupNames, useGroupPeriods, useTeacherChoices } from './api';
import { PeriodDialog } from './period-form';
import { WeekGrid } from './week-grid';

export function WeekPanel({
  group: chosen,
  onGroup,
}: {
  group: string | null;
  onGroup: (group: string) => void;
}) {
  const groups = useGroupNames();
  // Until one is chosen, the first group's week: the screen opens on a timetable, not a blank.
  const group = chosen ?? groups.data?.[0] ?? null;
  const periods = useGroupPeriods(group);
  const courses = useCourses();
  const teachers = useTeacherChoices();
  // The period open in the dialog; null there adds one.
  const [open, setOpen] = useState<{ period: Period | null } | null>(null);

  if (groups.isPending) return <LoadingState label="Loading groups..." />;
  if (groups.isError) {
    return <LoadFailedState title="Could not load the groups." onRetry={() => void groups.refetch()} />;
  }
  if (groups.data.length === 0) {
    return <EmptyState hint="Create groups on the Groups page first.">No groups yet.</EmptyState>;
  }

  function week() {
    if (group === null) return null;
    if (periods.isPending) return <LoadingState label={`Loading the week of ${group}...`} />;
    if (periods.isError) {
      return (
        <LoadFailedState
          title={`Could not load the week of ${group}.`}
          onRetry={() => void periods.refetch()}
        />
      );
    }
    if (periods.data.length === 0) {
      return (
        <EmptyState hint="Add its periods here, or import a timetable file on the Import page.">
          {`${group} has no periods yet.`}
        </EmptyState>
      );
    }
    return <WeekGrid group={group} periods={periods.data} onEdit={(period) => setOpen({ period })} />;
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Group"
          value={group ?? ''}
          onChange={(event) => onGroup(event.currentTarget.value)}
          data={[
            { value: '', label: 'Choose a group', disabled: true },
            ...groups.data.map((name) => ({ value: name, label: name })),
          ]}
          w={{ base: '100%', xs: 240 }}
        />
        <Button
          disabled={group === null || courses.isPending || teachers.isPending}
          onClick={() => setOpen({ period: null })}
        >
          Add a period
        </Button>
      </Group>
      {week()}
      {group !== null && (
        <PeriodDialog
          opened={open !== null}
          group={group}
          period={open?.period ?? null}
          week={periods.data ?? []}
          courses={courses.data ?? []}
          teachers={teachers.data ?? []}
          onClose={() => setOpen(null)}
          onSaved={(message) => {
            setOpen(null);
            showOutcome({ ok: true, message: `${message} for ${group}.` });
          }}
        />
      )}
    </Stack>
  );
}
