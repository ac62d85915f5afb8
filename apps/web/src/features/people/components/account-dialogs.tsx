/** The dialogs of managing an account: a one-time password shown once, and a confirmation. */
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@campus/contract';

export interface IssuedPassword {
  /** Whom it is for, as "Name (User ID)". */
  who: string;
  password: string;
}

/** Shows a one-time password the server answered; once closed it is gone for good. */
export function OneTimePasswordDialog({
  issued,
  onClose,
}: {
  issued: IssuedPassword | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title="One-time password"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {issued && (
        <Stack gap="md">
          <Text>
            Give this one-time password to {issued.who}. It is shown only this once; they choose their own
            password when they first sign in with it.
          </Text>
          <TextInput
            label="One-time password"
            value={issued.password}
            readOnly
            data-autofocus
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 20 } }}
          />
          <Group justify="flex-end" gap="sm">
            <CopyButton value={issued.password}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

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
