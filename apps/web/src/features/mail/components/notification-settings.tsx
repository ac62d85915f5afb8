/** The profile's email section: per kind, at once, in the daily digest, or not at all. */
import { Alert, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { MAIL_KIND_LABELS, MAIL_MODE_LABELS, MAIL_MODES, type MailKind } from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { useGuardianSettings, useMailSettings, useSetGuardianSettings, useSetMailSettings } from '../api';

const EMAIL_OFF =
  'This campus does not send email yet (an admin sets SMTP_URL, MAIL_FROM and PUBLIC_URL on the server). Your choices are kept for when it does.';

const HINTS: Record<MailKind, string> = {
  gatePassDecided: 'When a teacher approves or rejects your gate pass',
  queryAnswered: 'When a teacher answers your query',
  notices: 'Notices from your mentor',
  menteeRequests: 'When a student you mentor asks for a gate pass',
  supportMessages: 'When someone writes to support',
};

export function NotificationSettings() {
  const settings = useMailSettings();
  const save = useSetMailSettings();
  if (!settings.data) return null;
  const { emailEnabled, address, kinds, modes } = settings.data;
  return (
    <Paper withBorder p="md" radius="md" maw={640} component="section" aria-labelledby="email-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="email-settings-title">
          Email notifications
        </Title>
        {emailEnabled ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Sent to {address}. The daily digest gathers a day&apos;s events into one mail. Every mail has a
            link to stop that kind.
          </Text>
        ) : (
          <Alert color="yellow" role="status">
            {EMAIL_OFF}
          </Alert>
        )}
        {kinds.map((kind) => (
          <Stack key={kind} gap={4}>
            <Text fw={500} id={`mail-kind-${kind}`}>
              {MAIL_KIND_LABELS[kind]}
            </Text>
            <Text size="sm" c="dimmed">
              {HINTS[kind]}
            </Text>
            <SegmentedControl
              aria-labelledby={`mail-kind-${kind}`}
              value={modes[kind] ?? 'off'}
              disabled={save.isPending}
              onChange={(mode) => save.mutate({ [kind]: mode })}
              data={MAIL_MODES.map((mode) => ({ value: mode, label: MAIL_MODE_LABELS[mode] }))}
              fullWidth
            />
          </Stack>
        ))}
        {save.isError && (
          <Text c="var(--campus-text-danger)" role="alert">
            {serverMessageOr(save.error, 'Could not save the email settings.')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The admin's choice of what the campus emails students' guardians. */
export function GuardianSettingsCard() {
  const settings = useGuardianSettings();
  const save = useSetGuardianSettings();
  if (!settings.data) return null;
  const { emailEnabled, attendanceBelowWarning, gatePass } = settings.data;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      maw={640}
      component="section"
      aria-labelledby="guardian-settings-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="guardian-settings-title">
          Emails to guardians
        </Title>
        <Text size="sm" c="dimmed">
          Guardians have no account: they are emailed at the guardian address of the student&apos;s record
          (from the registrar&apos;s import or the student form), and each mail says why it came and how to
          stop it.
        </Text>
        {!emailEnabled && (
          <Alert color="yellow" role="status">
            {EMAIL_OFF}
          </Alert>
        )}
        <Switch
          label="Attendance falls below 75 % (once each time it falls)"
          checked={attendanceBelowWarning}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ attendanceBelowWarning: e.currentTarget.checked })}
        />
        <Switch
          label="Gate pass exits, returns and overdue returns"
          checked={gatePass}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ gatePass: e.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
}
