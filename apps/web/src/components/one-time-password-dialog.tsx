/** A one-time password the server answered, shown once: an admin gives it to the new account's holder. */
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';

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
