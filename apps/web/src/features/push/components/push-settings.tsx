/**
 * "Notifications on this device" (decision record 0088), beside the email settings: one switch turns
 * push on for this browser (asking the browser's permission), one per kind says what this device is
 * told, and the person's other devices can be removed (a lost phone). A notification shows only a
 * title on the lock screen; the portal shows the rest once opened.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { MAIL_KIND_LABELS, type PushDevice, type PushKind } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { usePushDevices, useRemoveDevice, useSetDeviceKinds, useTurnPushOff, useTurnPushOn } from '../api';
import { currentSubscription, PUSH_BLOCKED, pushPermission, pushSupported, PushRefused } from '../device';

const UNSUPPORTED =
  'This browser cannot show notifications from the portal. On an iPhone or iPad, add the portal to the Home Screen (Share, then Add to Home Screen) and open it from there.';

const addedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

const refusal = (error: unknown) => (error instanceof PushRefused ? error.message : failureDetail(error));

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

export function PushSettings() {
  const supported = pushSupported();
  const devices = usePushDevices(supported);
  const [endpoint, reread] = useLocalEndpoint();
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  const setKinds = useSetDeviceKinds();
  const remove = useRemoveDevice();
  const [blocked, setBlocked] = useState(() => supported && pushPermission() === 'denied');

  if (supported && !devices.data) return null;
  const kinds = devices.data?.kinds ?? [];
  // A guard is pushed nothing: the desk is their one screen.
  if (supported && kinds.length === 0) return null;
  const thisDevice = devices.data?.devices.find((d) => endpoint && d.endpoint === endpoint);
  const others = devices.data?.devices.filter((d) => d !== thisDevice) ?? [];
  const busy = turnOn.isPending || turnOff.isPending;

  const toggle = (on: boolean) => {
    if (on)
      turnOn.mutate(undefined, {
        onSuccess: () => {
          setBlocked(false);
          showOutcome({ ok: true, message: 'Notifications are on for this device.' });
        },
        onError: (error) => {
          if (error instanceof PushRefused && error.message === PUSH_BLOCKED) setBlocked(true);
          showOutcome({ ok: false, title: 'Could not turn on notifications', message: refusal(error) });
        },
        onSettled: reread,
      });
    else
      turnOff.mutate(thisDevice?.endpoint ?? endpoint ?? undefined, {
        onSuccess: () => showOutcome({ ok: true, message: 'Notifications are off for this device.' }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: 'Could not turn off notifications',
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
            message: `“${MAIL_KIND_LABELS[kind]}” ${on ? 'will' : 'will not'} be shown on this device.`,
          }),
        onError: (error) =>
          showOutcome({
            ok: false,
            title: `Could not change “${MAIL_KIND_LABELS[kind]}” on this device`,
            message: failureDetail(error),
          }),
      },
    );

  const removeDevice = (device: PushDevice) =>
    remove.mutate(device._id, {
      onSuccess: () => showOutcome({ ok: true, message: `${device.label} gets no more notifications.` }),
      onError: (error) =>
        showOutcome({ ok: false, title: `Could not remove ${device.label}`, message: failureDetail(error) }),
    });

  return (
    <Paper withBorder p="md" radius="md" maw={640} component="section" aria-labelledby="push-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="push-settings-title">
          Notifications on this device
        </Title>
        {!supported ? (
          <Text size="sm">{UNSUPPORTED}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Your phone or computer shows a notification even when the portal is closed. It shows only a
              title, such as “Your gate pass was decided”; open it to read the rest after signing in.
            </Text>
            {blocked && !thisDevice && (
              <Alert color="yellow" role="status">
                {PUSH_BLOCKED}
              </Alert>
            )}
            <Switch
              size="md"
              label="Notify me on this device"
              checked={Boolean(thisDevice)}
              disabled={busy || endpoint === undefined}
              onChange={(e) => toggle(e.currentTarget.checked)}
            />
            {thisDevice && (
              <Stack gap={4} role="group" aria-labelledby="push-kinds-title">
                <Text fw={500} id="push-kinds-title">
                  What this device shows
                </Text>
                {kinds.map((kind) => (
                  <Switch
                    key={kind}
                    label={MAIL_KIND_LABELS[kind]}
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
            <Text fw={500}>Your other devices</Text>
            {others.map((device) => (
              <Group key={device._id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {device.label} · added {addedOn(device.createdAt)}
                </Text>
                <Button
                  variant="subtle"
                  color="red.8"
                  size="compact-sm"
                  disabled={remove.isPending}
                  onClick={() => removeDevice(device)}
                  aria-label={`Remove ${device.label}, added ${addedOn(device.createdAt)}`}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
