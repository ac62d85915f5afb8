/**
 * Who a notice is for and when it shows: the whole campus, chosen groups, students or teachers; an
 * optional start (scheduled) and end (it leaves the lists then); pinned to the top.
 */
import { Checkbox, Group, MultiSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { NoticeAudienceKind } from '@campus/contract';
import { useGroups } from '../../attendance/api';
import { DayInput } from '../../../components/day-input';

const AUDIENCES: { value: NoticeAudienceKind; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'groups', label: 'Chosen groups' },
  { value: 'students', label: 'All students' },
  { value: 'teachers', label: 'All teachers' },
];

/**
 * A day in the campus order and a time of day, held as one `datetime-local` value
 * ("2030-01-31T09:00"); a day without a time starts at midnight.
 */
function MomentInput({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const [day = '', time = ''] = value ? value.split('T') : [];
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <DayInput
        label={label}
        description={description}
        value={day}
        onChange={(next) => onChange(next ? `${next}T${time || '00:00'}` : '')}
        error={error}
        style={{ flex: 1 }}
      />
      <TextInput
        label={`${label} at`}
        type="time"
        value={day ? time : ''}
        disabled={!day}
        onChange={(e) => onChange(day ? `${day}T${e.currentTarget.value || '00:00'}` : '')}
        w={130}
      />
    </Group>
  );
}

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

/**
 * The form's targeting. `defaultGroups` (a mentor's own groups, once known) makes "Chosen groups" with
 * those groups the choice until the author picks another; without any, a notice is for everyone.
 */
export function useTargeting(defaultGroups: readonly string[] = []) {
  const [chosenAudience, setAudience] = useState<NoticeAudienceKind | null>(null);
  const [chosenGroups, setGroups] = useState<string[] | null>(null);
  const audience = chosenAudience ?? (defaultGroups.length > 0 ? 'groups' : 'all');
  const groups = chosenGroups ?? [...defaultGroups];
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
      setAudience(null);
      setGroups(null);
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MomentInput
          label="Starts"
          description="Empty: at once"
          value={state.startsAt}
          onChange={set.setStartsAt}
        />
        <MomentInput
          label="Ends"
          description="Empty: stays until removed"
          value={state.endsAt}
          onChange={set.setEndsAt}
          error={state.error.endsAt}
        />
      </SimpleGrid>
      <Checkbox
        label="Pin to the top"
        checked={state.pinned}
        onChange={(e) => set.setPinned(e.currentTarget.checked)}
      />
    </Stack>
  );
}
