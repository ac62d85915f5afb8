/** A new integration's token, shown once: the admin copies it into the other system. */
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ApiClientCreated } from '@campus/contract';
import { formatDateTime } from '../../../lib/format';

export function TokenDialog({ created, onClose }: { created: ApiClientCreated | null; onClose: () => void }) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Integration token"
      closeButtonProps={{ 'aria-label': 'Close' }}
      // A stray tap beside the dialog must not lose a token that is never shown again.
      closeOnClickOutside={false}
    >
      {created && (
        <Stack gap="md">
          <Alert color="yellow" title="Copy it now">
            This token will not be shown again. Store it in {created.client.name}&apos;s settings; if it is
            lost, revoke this integration and create another.
          </Alert>
          <TextInput
            label="Token"
            value={created.token}
            readOnly
            data-autofocus
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Text size="sm">
            Send it as <code>Authorization: Bearer …</code>. It expires on{' '}
            {formatDateTime(created.client.expiresAt)}.
          </Text>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.token}>
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
