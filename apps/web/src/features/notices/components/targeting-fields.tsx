/**
 * Who a notice is for and when it shows: the whole campus, chosen groups, students or teachers; an
 * optional start (scheduled) and end (it leaves the lists then); pinned to the top.
 */
import { Checkbox, Group, MultiSelect, Radio, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { NoticeAudienceKind } from '@campus/contract';
import { useGroups } from '../../attendance/api';

const AUDIENCES: { value: NoticeAudienceKind; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'groups', label: 'Chosen groups' },
  { value: 'students', label: 'All students' },
  { value: 'teachers', label: 'All teachers' },
];

/** A `datetime-local` value ("2030-01-31T09:00", the browser's time zone) as an ISO time. */
const isoOf = (local: string): string | null => {
  if (!local) return null;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
};

export interface TargetingData {
  audience: NoticeAudienceKind;
  groups: string[];
  startsAt: string | null;
  endsAt: string | null;
  pinned: boolean;
}

export function useTargeting() {
  const [audience, setAudience] = useState<NoticeAudienceKind>('all');
  const [groups, setGroups] = useState<string[]>([]);
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [pinned, setPinned] = useState(false);
  const [error, setError] = useState<{ groups?: string; endsAt?: string }>({});
  return {
    state: { audience, groups, startsAt, endsAt, pinned, error },
    set: { setAudience, setGroups, setStartsAt, setEndsAt, setPinned },
    /** The fields to send, or undefined (and the errors shown) when they do not fit together. */
    check(): TargetingData | undefined {
      const next: typeof error = {};
      if (audience === 'groups' && groups.length === 0) next.groups = 'Choose at least one group';
      const start = isoOf(startsAt);
      const end = isoOf(endsAt);
      if (end && end <= (start ?? new Date().toISOString())) next.endsAt = 'Ends must be after it starts';
      setError(next);
      if (next.groups || next.endsAt) return undefined;
      return { audience, groups: audience === 'groups' ? groups : [], startsAt: start, endsAt: end, pinned };
    },
    reset() {
      setAudience('all');
      setGroups([]);
      setStartsAt('');
      setEndsAt('');
      setPinned(false);
      setError({});
    },
  };
}

export function TargetingFields({ targeting }: { targeting: ReturnType<typeof useTargeting> }) {
  const { state, set } = targeting;
  const groups = useGroups({ enabled: state.audience === 'groups' });
  return (
    <Stack gap="sm">
      <Radio.Group label="Who is it for?" value={state.audience} onChange={(value) => set.setAudience(value)}>
        <Group gap="md" mt={6} wrap="wrap">
          {AUDIENCES.map((a) => (
            <Radio key={a.value} value={a.value} label={a.label} />
          ))}
        </Group>
      </Radio.Group>
      {state.audience === 'groups' && (
        <MultiSelect
          label="Groups"
          placeholder="Choose groups"
          data={groups.data ?? []}
          value={state.groups}
          onChange={set.setGroups}
          searchable
          required
          error={state.error.groups}
        />
      )}
      <Group grow gap="sm" wrap="wrap" align="flex-start">
        <TextInput
          label="Starts"
          description="Empty: at once"
          type="datetime-local"
          value={state.startsAt}
          onChange={(e) => set.setStartsAt(e.currentTarget.value)}
          miw={200}
        />
        <TextInput
          label="Ends"
          description="Empty: stays until removed"
          type="datetime-local"
          value={state.endsAt}
          onChange={(e) => set.setEndsAt(e.currentTarget.value)}
          error={state.error.endsAt}
          miw={200}
        />
      </Group>
      <Checkbox
        label="Pin to the top"
        checked={state.pinned}
        onChange={(e) => set.setPinned(e.currentTarget.checked)}
      />
    </Stack>
  );
}
