/** The profile's email section: per kind, at once, in the daily digest, or not at all. */
import { Alert, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import {
  ATTENDANCE_WARNING_PERCENT,
  MAIL_MODES,
  type GuardianSettings,
  type MailKind,
  type MailMode,
} from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatPercent } from '../../../lib/format';
import { useAccountWords } from '../../../i18n/account';
import type { Words } from '../../../i18n/words';
import { useGuardianSettings, useMailSettings, useSetGuardianSettings, useSetMailSettings } from '../api';

type GuardianSetting = keyof Omit<GuardianSettings, 'emailEnabled'>;

/** What a guardian setting turns on, as its switch and its toasts say it. */
const guardianLabel = (t: Words, setting: GuardianSetting) =>
  t(`mail.guardians.${setting}`, { percent: formatPercent(ATTENDANCE_WARNING_PERCENT) });

export function NotificationSettings({ admin = false }: { admin?: boolean }) {
  const settings = useMailSettings();
  const save = useSetMailSettings();
  const t = useAccountWords();
  const kindLabel = (kind: MailKind) => t(`mail.kinds.${kind}`);
  const choose = (kind: MailKind, mode: MailMode) =>
    save.mutate(
      { [kind]: mode },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message: t('mail.changed', { kind: kindLabel(kind), mode: t(`mail.modesLower.${mode}`) }),
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: t('mail.changeFailed', { kind: kindLabel(kind) }),
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
          {t('mail.title')}
        </Title>
        {emailEnabled ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('mail.sentTo', { address })}
          </Text>
        ) : (
          <Alert color="yellow" role="status">
            {t(admin ? 'mail.offForAdmins' : 'mail.off')}
          </Alert>
        )}
        {kinds.map((kind) => (
          <Stack key={kind} gap={4}>
            <Text fw={500} id={`mail-kind-${kind}`}>
              {kindLabel(kind)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`mail.hints.${kind}`)}
            </Text>
            <SegmentedControl
              aria-labelledby={`mail-kind-${kind}`}
              value={modes[kind] ?? 'off'}
              disabled={save.isPending}
              onChange={(mode) => choose(kind, mode)}
              data={MAIL_MODES.map((mode) => ({ value: mode, label: t(`mail.modes.${mode}`) }))}
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
  const t = useAccountWords();
  const turn = (setting: GuardianSetting, on: boolean) =>
    save.mutate(
      { [setting]: on },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message: t(on ? 'mail.guardians.turnedOn' : 'mail.guardians.turnedOff', {
              setting: guardianLabel(t, setting),
            }),
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: t(on ? 'mail.guardians.onFailed' : 'mail.guardians.offFailed', {
              setting: guardianLabel(t, setting),
            }),
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
          {t('mail.guardians.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('mail.guardians.about')}
        </Text>
        {!emailEnabled && (
          <Alert color="yellow" role="status">
            {t('mail.offForAdmins')}
          </Alert>
        )}
        <Switch
          label={guardianLabel(t, 'attendanceBelowWarning')}
          checked={attendanceBelowWarning}
          disabled={save.isPending}
          onChange={(e) => turn('attendanceBelowWarning', e.currentTarget.checked)}
        />
        <Switch
          label={guardianLabel(t, 'gatePass')}
          checked={gatePass}
          disabled={save.isPending}
          onChange={(e) => turn('gatePass', e.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
