/**
 * "Notifications on this device" (decision record 0088), beside the email settings: one switch turns
 * push on for this browser (asking the browser's permission), one per kind says what this device is
 * told, and the person's other devices can be removed (a lost phone). A notification shows only a
 * title on the lock screen; the portal shows the rest once opened.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { PushDevice, PushKind } from '@campus/contract';
import { useAccountWords } from '../../../i18n/account';
import type { Words } from '../../../i18n/words';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { usePushDevices, useRemoveDevice, useSetDeviceKinds, useTurnPushOff, useTurnPushOn } from '../api';
import { currentSubscription, PUSH_BLOCKED, pushPermission, pushSupported, PushRefused } from '../device';

const addedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Why push could not be turned on; the browser's block in the person's language. */
const refusal = (t: Words, error: unknown) =>
  error instanceof PushRefused
    ? error.message === PUSH_BLOCKED
      ? t('push.blocked')
      : error.message
    : failureDetail(error);

/** This browser's subscription endpoint, read once the page is shown (and after each change). */
function useLocalEndpoint(): [string | null | undefined, () => void] {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    currentSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [round]);
  return [endpoint, () => setRound((r) => r + 1)];
}

/**
 * `about`, when given, says where the kinds are chosen instead: a guardian's news is pushed as their
 * notification settings say (at once), so the card is shown with the device switch alone.
 */
export function PushSettings({ about }: { about?: string } = {}) {
  const supported = pushSupported();
  const devices = usePushDevices(supported);
  const [endpoint, reread] = useLocalEndpoint();
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  const setKinds = useSetDeviceKinds();
  const remove = useRemoveDevice();
  const [blocked, setBlocked] = useState(() => supported && pushPermission() === 'denied');
  const t = useAccountWords();
  const kindLabel = (kind: PushKind) => t(`mail.kinds.${kind}`);

  if (supported && !devices.data) return null;
  const kinds = devices.data?.kinds ?? [];
  // A guard is pushed nothing: the desk is their one screen.
  if (supported && kinds.length === 0 && !about) return null;
  const thisDevice = devices.data?.devices.find((d) => endpoint && d.endpoint === endpoint);
  const others = devices.data?.devices.filter((d) => d !== thisDevice) ?? [];
  const busy = turnOn.isPending || turnOff.isPending;

  const toggle = (on: boolean) => {
    if (on)
      turnOn.mutate(undefined, {
        onSuccess: () => {
          setBlocked(false);
          showOutcome({ ok: true, message: t('push.on') });
        },
        onError: (error) => {
          if (error instanceof PushRefused && error.message === PUSH_BLOCKED) setBlocked(true);
          showOutcome({ ok: false, title: t('push.onFailed'), message: refusal(t, error) });
        },
        onSettled: reread,
      });
    else
      turnOff.mutate(thisDevice?.endpoint ?? endpoint ?? undefined, {
        onSuccess: () => showOutcome({ ok: true, message: t('push.off') }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: t('push.offFailed'),
            message: failureDetail(error),
          }),
        onSettled: reread,
      });
  };

  const turnKind = (device: PushDevice, kind: PushKind, on: boolean) =>
    setKinds.mutate(
      { id: device._id, kinds: { [kind]: on } },
      {
        onSuccess: () =>
          showOutcome({
            ok: true,
            message: t(on ? 'push.kindOn' : 'push.kindOff', { kind: kindLabel(kind) }),
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: t('push.kindFailed', { kind: kindLabel(kind) }),
            message: failureDetail(error),
          }),
      },
    );

  const removeDevice = (device: PushDevice) =>
    remove.mutate(device._id, {
      onSuccess: () => showOutcome({ ok: true, message: t('push.removed', { device: device.label }) }),
      onError: (error) =>
        showOutcome({
          ok: false,
          title: t('push.removeFailed', { device: device.label }),
          message: failureDetail(error),
        }),
    });

  return (
    <Paper withBorder p="md" radius="md" maw={640} component="section" aria-labelledby="push-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="push-settings-title">
          {t('push.title')}
        </Title>
        {!supported ? (
          <Text size="sm">{t('push.unsupported')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {about ?? t('push.about')}
            </Text>
            {blocked && !thisDevice && (
              <Alert color="yellow" role="status">
                {t('push.blocked')}
              </Alert>
            )}
            <Switch
              size="md"
              label={t('push.notifyMe')}
              checked={Boolean(thisDevice)}
              disabled={busy || endpoint === undefined}
              onChange={(e) => toggle(e.currentTarget.checked)}
            />
            {thisDevice && kinds.length > 0 && (
              <Stack gap={4} role="group" aria-labelledby="push-kinds-title">
                <Text fw={500} id="push-kinds-title">
                  {t('push.kindsTitle')}
                </Text>
                {kinds.map((kind) => (
                  <Switch
                    key={kind}
                    label={kindLabel(kind)}
                    checked={thisDevice.kinds[kind]}
                    disabled={setKinds.isPending}
                    onChange={(e) => turnKind(thisDevice, kind, e.currentTarget.checked)}
                  />
                ))}
              </Stack>
            )}
          </>
        )}
        {others.length > 0 && (
          <Stack gap={4}>
            <Text fw={500}>{t('push.others')}</Text>
            {others.map((device) => (
              <Group key={device._id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('push.added', { device: device.label, day: addedOn(device.createdAt) })}
                </Text>
                <Button
                  variant="subtle"
                  color="red.8"
                  size="compact-sm"
                  disabled={remove.isPending}
                  onClick={() => removeDevice(device)}
                  aria-label={t('push.removeLabel', { device: device.label, day: addedOn(device.createdAt) })}
                >
                  {t('push.remove')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
