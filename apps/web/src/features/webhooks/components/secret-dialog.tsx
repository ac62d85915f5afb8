/** An endpoint's signing secret, shown once (when added, and at each rotation): the admin copies it. */
import { Text } from '@mantine/core';
import type { WebhookSecretAnswer } from '@campus/contract';
import { ShownOnceDialog } from '../../../components/shown-once-dialog';

export function SecretDialog({
  answer,
  onClose,
}: {
  answer: WebhookSecretAnswer | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title="Signing secret"
      label="Secret"
      value={answer?.secret ?? null}
      warning={answer?.message}
      onClose={onClose}
    >
      {answer && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          The receiver at {answer.endpoint.url} checks each delivery&apos;s <code>webhook-signature</code>{' '}
          with it, as the Standard Webhooks specification says.
        </Text>
      )}
    </ShownOnceDialog>
  );
}
