/**
 * Who a notice is for and when it shows: the whole campus, chosen groups, students, teachers or
 * guardians (all, or of chosen groups); an optional start (scheduled) and end (it leaves the lists
 * then); pinned to the top.
 */
import { Checkbox, Group, MultiSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { audienceNamesGroups, type NoticeAudienceKind } from '@campus/contract';
import { useGroups } from '../../attendance/api';
import { DayInput } from '../../../components/day-input';
import { useTeacherWords } from '../../../i18n/teacher';

const AUDIENCES: { value: NoticeAudienceKind; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'groups', label: 'Chosen groups' },
  { value: 'students', label: 'All students' },
  { value: 'teachers', label: 'All teachers' },
  // Guardians only, never students (decision record 0093).
  { value: 'guardians', label: 'All guardians' },
  { value: 'guardianGroups', label: 'Guardians of chosen groups' },
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
  const { t } = useTeacherWords();
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
        label={t('notices.targeting.at', { label })}
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
  const { t } = useTeacherWords();
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
      if (audienceNamesGroups(audience) && groups.length === 0)
        next.groups = t('notices.targeting.groupsRequired');
      const start = isoOf(startsAt);
      const end = isoOf(endsAt);
      if (end && end <= (start ?? new Date().toISOString()))
        next.endsAt = t('notices.targeting.endsAfterStart');
      setError(next);
      if (next.groups || next.endsAt) return undefined;
      return {
        audience,
        groups: audienceNamesGroups(audience) ? groups : [],
        startsAt: start,
        endsAt: end,
        pinned,
      };
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
  const { t } = useTeacherWords();
  const { state, set } = targeting;
  const groups = useGroups({ enabled: audienceNamesGroups(state.audience) });
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('notices.targeting.who')}
        value={state.audience}
        onChange={(value) => set.setAudience(value)}
      >
        <Group gap="md" mt={6} wrap="wrap">
          {AUDIENCES.map((a) => (
            <Radio
              key={a.value}
              value={a.value}
              label={t(`notices.targeting.audiences.${a.value}`, { defaultValue: a.label })}
            />
          ))}
        </Group>
      </Radio.Group>
      {audienceNamesGroups(state.audience) && (
        <MultiSelect
          label={t('notices.targeting.groups')}
          placeholder={t('notices.targeting.chooseGroups')}
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
          label={t('notices.targeting.starts')}
          description={t('notices.targeting.startsHint')}
          value={state.startsAt}
          onChange={set.setStartsAt}
        />
        <MomentInput
          label={t('notices.targeting.ends')}
          description={t('notices.targeting.endsHint')}
          value={state.endsAt}
          onChange={set.setEndsAt}
          error={state.error.endsAt}
        />
      </SimpleGrid>
      <Checkbox
        label={t('notices.targeting.pin')}
        checked={state.pinned}
        onChange={(e) => set.setPinned(e.currentTarget.checked)}
      />
    </Stack>
  );
}
