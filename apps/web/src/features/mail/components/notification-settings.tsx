/** The profile's email section: per kind, at once, in the daily digest, or not at all. */
import { Alert, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import {
  ATTENDANCE_WARNING_PERCENT,
  MAIL_KIND_LABELS,
  MAIL_MODE_LABELS,
  MAIL_MODES,
  type GuardianSettings,
  type MailKind,
  type MailMode,
} from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatPercent } from '../../../lib/format';
import { useGuardianSettings, useMailSettings, useSetGuardianSettings, useSetMailSettings } from '../api';

/** Students and teachers read what it means for them; admins, who can have it set up, read what is missing. */
const EMAIL_OFF =
  'Email is not set up on this campus yet; ask the campus office. Your choices are kept for when it is.';
const EMAIL_OFF_FOR_ADMINS =
  'This campus does not send email yet: the server needs SMTP_URL, MAIL_FROM and PUBLIC_URL set. Choices are kept for when it does.';

const HINTS: Record<MailKind, string> = {
  gatePassDecided: 'When a teacher approves or rejects your gate pass or your leave',
  queryAnswered: 'When a teacher answers your query',
  notices: 'Notices from your mentor',
  menteeRequests: 'When a student you mentor asks for a gate pass or leave, or is late back from a gate pass',
  supportMessages: 'When someone writes to support',
  attendanceRisk:
    'When a course first falls below its attendance rule, and if the rule can no longer be reached',
};

const GUARDIAN_LABELS: Record<keyof Omit<GuardianSettings, 'emailEnabled'>, string> = {
  attendanceBelowWarning: `Attendance falls below ${formatPercent(ATTENDANCE_WARNING_PERCENT)}, overall or in a course (once each time it falls)`,
  gatePass: 'Gate pass exits, returns and overdue returns',
};

export function NotificationSettings({ admin = false }: { admin?: boolean }) {
  const settings = useMailSettings();
  const save = useSetMailSettings();
  const choose = (kind: MailKind, mode: MailMode) =>
    save.mutate(
      { [kind]: mode },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message: `Email for “${MAIL_KIND_LABELS[kind]}”: ${MAIL_MODE_LABELS[mode].toLowerCase()}.`,
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: `Could not change your email for “${MAIL_KIND_LABELS[kind]}”`,
            message: failureDetail(error),
          }),
      },
    );
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
            {admin ? EMAIL_OFF_FOR_ADMINS : EMAIL_OFF}
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
              onChange={(mode) => choose(kind, mode)}
              data={MAIL_MODES.map((mode) => ({ value: mode, label: MAIL_MODE_LABELS[mode] }))}
              fullWidth
            />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** The admin's choice of what the campus emails students' guardians. */
export function GuardianSettingsCard() {
  const settings = useGuardianSettings();
  const save = useSetGuardianSettings();
  const turn = (setting: keyof typeof GUARDIAN_LABELS, on: boolean) =>
    save.mutate(
      { [setting]: on },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message: `Guardians ${on ? 'are' : 'are no longer'} emailed when: ${GUARDIAN_LABELS[setting]}.`,
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: `Could not turn ${on ? 'on' : 'off'} the guardians’ email “${GUARDIAN_LABELS[setting]}”`,
            message: failureDetail(error),
          }),
      },
    );
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
            {EMAIL_OFF_FOR_ADMINS}
          </Alert>
        )}
        <Switch
          label={GUARDIAN_LABELS.attendanceBelowWarning}
          checked={attendanceBelowWarning}
          disabled={save.isPending}
          onChange={(e) => turn('attendanceBelowWarning', e.currentTarget.checked)}
        />
        <Switch
          label={GUARDIAN_LABELS.gatePass}
          checked={gatePass}
          disabled={save.isPending}
          onChange={(e) => turn('gatePass', e.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
