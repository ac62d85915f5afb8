/**
 * The admin's switch for guardian consent (decision record 0092), beside what guardians are
 * emailed on the profile: all students, some groups, or none (off, the default). The admin area
 * stays English (decision record 0090).
 */
import { Button, MultiSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { GuardianConsentSettings } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { useGroups } from '../../attendance/api';
import { useConsentSettings, useSetConsentSettings } from '../consent-api';

function ConsentForm({ saved }: { saved: GuardianConsentSettings }) {
  const groups = useGroups();
  const save = useSetConsentSettings();
  const [all, setAll] = useState(saved.all);
  const [chosen, setChosen] = useState<string[]>(saved.groups);

  const onSave = () =>
    save.mutate(
      { all, groups: chosen },
      {
        onSuccess: () => showOutcome({ ok: true, message: 'Guardian consent saved.' }),
        onError: (error) =>
          showOutcome({ ok: false, title: 'Could not save guardian consent', message: failureDetail(error) }),
      },
    );

  return (
    <Stack gap="sm">
      <Switch label="All students" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
      <MultiSelect
        label="Only these groups"
        description="Leave empty and turn off “All students” to ask no guardian."
        data={groups.data ?? []}
        value={chosen}
        onChange={setChosen}
        disabled={all}
        searchable
        clearable
      />
      <Button onClick={onSave} disabled={save.isPending} mih={44} style={{ alignSelf: 'flex-start' }}>
        Save
      </Button>
    </Stack>
  );
}

export function ConsentSettingsCard() {
  const settings = useConsentSettings();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      maw={640}
      component="section"
      aria-labelledby="guardian-consent-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="guardian-consent-title">
          Guardian consent for gate passes
        </Title>
        <Text size="sm" c="dimmed">
          When on, a new gate pass waits for a linked guardian’s consent before the mentor sees it. A student
          without a linked guardian goes straight to the mentor.
        </Text>
        {settings.data && <ConsentForm key={JSON.stringify(settings.data)} saved={settings.data} />}
      </Stack>
    </Paper>
  );
}
