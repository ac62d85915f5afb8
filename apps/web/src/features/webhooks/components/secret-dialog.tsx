/** An endpoint's signing secret, shown once (when added, and at each rotation): the admin copies it. */
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { WebhookSecretAnswer } from '@campus/contract';

export function SecretDialog({
  answer,
  onClose,
}: {
  answer: WebhookSecretAnswer | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={answer !== null}
      onClose={onClose}
      title="Signing secret"
      closeButtonProps={{ 'aria-label': 'Close' }}
      // A stray tap beside the dialog must not lose a secret that is never shown again.
      closeOnClickOutside={false}
    >
      {answer && (
        <Stack gap="md">
          <Alert color="yellow" title="Copy it now">
            {answer.message}
          </Alert>
          <TextInput
            label="Secret"
            value={answer.secret}
            readOnly
            data-autofocus
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            The receiver at {answer.endpoint.url} checks each delivery&apos;s <code>webhook-signature</code>{' '}
            with it, as the Standard Webhooks specification says.
          </Text>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={answer.secret}>
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
