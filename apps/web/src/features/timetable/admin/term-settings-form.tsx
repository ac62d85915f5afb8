/**
 * The term's settings: its first and last day, the campus's time zone (a common one chosen, or any IANA
 * name typed), how a Late mark counts and the attendance a course needs unless it says otherwise.
 */
import { Autocomplete, Button, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LATE_RULES, MESSAGES, TermSettingsSchema, type LateRule, type TermSettings } from '@campus/contract';
import { DayInput } from '../../../components/day-input';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { showOutcome } from '../../../components/toast';
import { fieldErrors } from '../../../components/field-errors';
import { failureDetail } from '../../../lib/failure';
import { useSaveSettings, useTimetableSettings } from './api';

/** Zones most campuses are in; any other IANA name may be typed. */
export const COMMON_TIME_ZONES = [
  'UTC',
  'Asia/Kolkata',
  'Asia/Colombo',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Karachi',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Jakarta',
  'Asia/Manila',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Moscow',
  'Africa/Cairo',
  'Africa/Lagos',
  'Africa/Nairobi',
  'Africa/Johannesburg',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
];

const LATE_LABELS: Record<LateRule, string> = {
  present: 'As present',
  half: 'As half present',
  absent: 'As absent',
};

interface Draft {
  termStart: string;
  termEnd: string;
  timeZone: string;
  lateCounts: string;
  minPercent: string;
}
type Field = keyof Draft;
const LABELS: Record<Field, string> = {
  termStart: 'First day of term',
  termEnd: 'Last day of term',
  timeZone: 'Time zone',
  lateCounts: 'A Late mark counts',
  minPercent: 'Attendance needed (%)',
};

function SettingsForm({ settings }: { settings: TermSettings }) {
  const [draft, setDraft] = useState<Draft>({ ...settings, minPercent: String(settings.minPercent) });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveSettings();
  const set = (name: Field, value: string) => {
    setDraft((before) => ({ ...before, [name]: value }));
    setErrors((before) => ({ ...before, [name]: undefined }));
  };

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = TermSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, LABELS));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => showOutcome({ ok: true, message: 'Term settings saved.' }),
      onError: (error) =>
        showOutcome({ ok: false, title: 'The term settings were not saved', message: failureDetail(error) }),
    });
  }

  const zones = COMMON_TIME_ZONES.includes(settings.timeZone)
    ? COMMON_TIME_ZONES
    : [settings.timeZone, ...COMMON_TIME_ZONES];
  return (
    <form onSubmit={submit} noValidate aria-label="Term settings">
      <Stack gap="md" maw={560}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DayInput
            label={LABELS.termStart}
            value={draft.termStart}
            onChange={(value) => set('termStart', value)}
            error={errors.termStart}
            required
          />
          <DayInput
            label={LABELS.termEnd}
            value={draft.termEnd}
            onChange={(value) => set('termEnd', value)}
            error={errors.termEnd}
            min={draft.termStart || undefined}
            required
          />
        </SimpleGrid>
        <Autocomplete
          label={LABELS.timeZone}
          description="Lecture times are the campus’s clock in this zone. Choose one, or type any IANA name such as Asia/Kolkata."
          data={zones}
          value={draft.timeZone}
          onChange={(value) => set('timeZone', value)}
          error={errors.timeZone}
          limit={40}
          autoComplete="off"
          required
        />
        <Radio.Group
          label={LABELS.lateCounts}
          description="Towards a student’s attendance in the course"
          value={draft.lateCounts}
          onChange={(value) => set('lateCounts', value)}
          error={errors.lateCounts}
        >
          <Group gap="md" mt="xs">
            {LATE_RULES.map((rule) => (
              <Radio key={rule} value={rule} label={LATE_LABELS[rule]} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={LABELS.minPercent}
          description="By a course that sets none of its own"
          value={draft.minPercent}
          onChange={(event) => set('minPercent', event.currentTarget.value)}
          error={errors.minPercent}
          inputMode="numeric"
          w={{ base: '100%', xs: 240 }}
          required
        />
        <Group>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? MESSAGES.submitting : 'Save term settings'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TermSettingsPanel() {
  const settings = useTimetableSettings();
  if (settings.isPending) return <LoadingState label="Loading the term settings..." />;
  if (settings.isError) {
    return (
      <LoadFailedState title="Could not load the term settings." onRetry={() => void settings.refetch()} />
    );
  }
  // A saved answer starts the form afresh from what the server kept.
  return <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />;
}
