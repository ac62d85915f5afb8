/**
 * The outcome of an action as a toast at the foot of the screen, so that a list never moves down under
 * the pointer to make room for a banner. A success is read out politely and goes after a few seconds;
 * a failure is read out at once and stays until it is dismissed. A success links to what it created
 * or changed ("Gate pass submitted — View"); a failure says what failed, for whom, and what to do.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { commonWord } from '../i18n/words';

const SUCCESS_SHOWN_MS = 6_000;
let shown = 0;

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export function showOutcome({
  ok,
  message,
  title,
  action,
  persist = false,
}: {
  ok: boolean;
  /** One line, or several separated by line breaks. */
  message: string;
  title?: string;
  /** One button beside the message, such as Undo; pressing it also dismisses the toast. */
  action?: ToastAction;
  /** Keep a success on screen until it is dismissed (it carries something to note, such as a reference). */
  persist?: boolean;
}): string {
  const id = `outcome-${++shown}`;
  notifications.show({
    id,
    role: ok ? 'status' : 'alert',
    color: ok ? 'teal.9' : 'red.9',
    title,
    autoClose: ok && !persist ? SUCCESS_SHOWN_MS : false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': commonWord('shared.dismiss') },
    // Under a title Mantine greys the text (gray.6, 3.3:1 on white); it stays the body colour.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    message: (
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {message}
        </Text>
        {action && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => {
              notifications.hide(id);
              action.onClick();
            }}
          >
            {action.label}
          </Button>
        )}
      </Group>
    ),
  });
  return id;
}
