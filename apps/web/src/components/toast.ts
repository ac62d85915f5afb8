/**
 * What a change did, said in a toast at the foot of the screen, so that the list it changed stays
 * where it was. A success goes by itself after a while; a failure stays until it is dismissed.
 */
import { notifications } from '@mantine/notifications';

export function showOutcome({ ok, message }: { ok: boolean; message: string }): void {
  notifications.show({
    message,
    color: ok ? 'green' : 'red',
    role: ok ? 'status' : 'alert',
    autoClose: ok ? 6000 : false,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    style: { overflowWrap: 'anywhere' },
  });
}
