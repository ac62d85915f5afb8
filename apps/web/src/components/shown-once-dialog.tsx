/**
 * A secret the server answers once (a one-time password, an integration's token, a webhook's signing
 * secret): shown with a warning and a copy button; once the dialog closes it is gone for good.
 */
import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

export function ShownOnceDialog({
  title,
  label,
  value,
  warning,
  children,
  readAloud = false,
  onClose,
}: {
  title: string;
  /** The field's label. */
  label: string;
  /** The secret; null while there is none, and the dialog is closed. */
  value: string | null;
  /** Why it must be copied now, and what to do if it is lost. */
  warning: ReactNode;
  /** Where the secret goes, below it. */
  children?: ReactNode;
  /** A short value given by voice or on paper: shown larger. */
  readAloud?: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={value !== null}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // A stray tap beside the dialog must not lose a secret that is never shown again.
      closeOnClickOutside={false}
    >
      {value !== null && (
        <Stack gap="md">
          <Alert color="yellow" title="Copy it now">
            {warning}
          </Alert>
          <TextInput
            label={label}
            value={value}
            readOnly
            data-autofocus
            onFocus={(event) => event.currentTarget.select()}
            styles={{
              input: {
                fontFamily: 'var(--mantine-font-family-monospace)',
                ...(readAloud ? { fontSize: 20 } : {}),
              },
            }}
          />
          {children}
          <Group justify="flex-end" gap="sm">
            <CopyButton value={value}>
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
