/** A new integration's token, shown once: the admin copies it into the other system. */
import { Text } from '@mantine/core';
import type { ApiClientCreated } from '@campus/contract';
import { ShownOnceDialog } from '../../../components/shown-once-dialog';
import { formatDateTime } from '../../../lib/format';

export function TokenDialog({ created, onClose }: { created: ApiClientCreated | null; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="Integration token"
      label="Token"
      value={created?.token ?? null}
      warning={
        created && (
          <>
            This token will not be shown again. Store it in {created.client.name}&apos;s settings; if it is
            lost, revoke this integration and create another.
          </>
        )
      }
      onClose={onClose}
    >
      {created && (
        <Text size="sm">
          Send it as <code>Authorization: Bearer …</code>. It expires on{' '}
          {formatDateTime(created.client.expiresAt)}.
        </Text>
      )}
    </ShownOnceDialog>
  );
}
