/**
 * The campus's attendance settings, for admins: how On leave days count in the percentage, and the
 * class hours a gate pass's time out must cover to excuse a day.
 */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { ATTENDANCE_WARNING_PERCENT, type AttendanceSettings, type OnLeaveRule } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatPercent } from '../../../lib/format';
import { useAttendanceSettings, useSetAttendanceSettings } from '../api';

const RULES: { value: OnLeaveRule; label: string }[] = [
  { value: 'exclude', label: 'Left out of the total (default)' },
  { value: 'present', label: 'Counted as present' },
  { value: 'absent', label: 'Counted as absent' },
];

const RULE_WORDS: Record<OnLeaveRule, string> = {
  exclude: 'left out of the total',
  present: 'counted as present',
  absent: 'counted as absent',
};

const failed = (error: unknown) =>
  showOutcome({ ok: false, title: 'Could not save the attendance setting', message: failureDetail(error) });

/** Admins choose how On leave days count in every attendance percentage and the below-75% warning. */
function OnLeaveRuleSetting({ settings }: { settings: AttendanceSettings | undefined }) {
  const save = useSetAttendanceSettings();
  return (
    <Select
      label="On leave days in the attendance percentage"
      description={`For every student's percentage, the below-${formatPercent(ATTENDANCE_WARNING_PERCENT)} warning and the attendance report.`}
      data={RULES}
      value={settings?.onLeave ?? null}
      disabled={!settings || save.isPending}
      allowDeselect={false}
      onChange={(value: OnLeaveRule | null) =>
        value &&
        save.mutate(
          { onLeave: value },
          {
            onSuccess: () =>
              showOutcome({
                ok: true,
                message: `Attendance setting saved: On leave days are ${RULE_WORDS[value]}.`,
              }),
            onError: failed,
          },
        )
      }
      w={{ base: '100%', xs: 420 }}
    />
  );
}

/** The class hours: a gate pass excuses a day only when its student was out through all of them. */
function ClassHoursSetting({ settings }: { settings: AttendanceSettings }) {
  const save = useSetAttendanceSettings();
  const [classStart, setStart] = useState(settings.classStart);
  const [classEnd, setEnd] = useState(settings.classEnd);
  const problem = classStart && classEnd && classEnd <= classStart ? 'Must be after the start' : null;
  const unchanged = classStart === settings.classStart && classEnd === settings.classEnd;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (problem || unchanged) return;
    save.mutate(
      { classStart, classEnd },
      {
        onSuccess: () =>
          showOutcome({ ok: true, message: `Class hours saved: ${classStart} to ${classEnd}.` }),
        onError: failed,
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Class hours">
      <Group align="flex-end" gap="sm">
        <TextInput
          type="time"
          label="Classes start"
          required
          value={classStart}
          onChange={(e) => setStart(e.currentTarget.value)}
          w={{ base: '100%', xs: 150 }}
        />
        <TextInput
          type="time"
          label="Classes end"
          required
          value={classEnd}
          error={problem}
          onChange={(e) => setEnd(e.currentTarget.value)}
          w={{ base: '100%', xs: 150 }}
        />
        <Button type="submit" variant="light" loading={save.isPending} disabled={unchanged || !!problem}>
          Save class hours
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        A gate pass puts its student On leave for the day only when they were out through all of these hours;
        a shorter trip leaves their mark as the teacher gives it.
      </Text>
    </form>
  );
}

export function AttendanceSettingsPanel() {
  const settings = useAttendanceSettings();
  return (
    <Stack gap="md">
      <OnLeaveRuleSetting settings={settings.data} />
      {settings.data && (
        <ClassHoursSetting
          key={`${settings.data.classStart}-${settings.data.classEnd}`}
          settings={settings.data}
        />
      )}
    </Stack>
  );
}
