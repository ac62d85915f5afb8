/** The confirmation before a change to an account (reset a password, deactivate, reactivate). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@campus/contract';

export interface Confirmation {
  title: string;
  text: string;
  action: string;
  /** A change that takes something away (deactivating) is shown in red. */
  danger: boolean;
  run: () => void;
}

export function ConfirmDialog({
  confirmation,
  pending,
  error,
  onClose,
}: {
  confirmation: Confirmation | null;
  pending: boolean;
  error: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={confirmation !== null}
      onClose={onClose}
      title={confirmation?.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {confirmation && (
        <Stack gap="md">
          <Text>{confirmation.text}</Text>
          {error && (
            <Text c="var(--campus-text-danger)" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            {/* A question without a field starts on its safe answer, not on the close button. */}
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button
              color={confirmation.danger ? 'red.9' : undefined}
              disabled={pending}
              onClick={confirmation.run}
            >
              {pending ? MESSAGES.submitting : confirmation.action}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
