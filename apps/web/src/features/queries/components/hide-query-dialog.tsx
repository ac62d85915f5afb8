/** The confirmation before a query is hidden as spam; it lives on the page, so it outlasts the card. */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Query } from '@campus/contract';
import { serverMessageOr } from '../../../lib/api-client';
import { useSetQueryHidden } from '../api';

export const HIDE_FAILED = 'Could not hide the query. Please try again.';

export function HideQueryDialog({
  query,
  onClose,
  onHidden,
}: {
  /** The query to hide; the dialog is open while there is one. */
  query: Query | null;
  onClose: () => void;
  onHidden: (query: Query) => void;
}) {
  const hide = useSetQueryHidden();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <Modal
      opened={query !== null}
      onClose={close}
      title="Hide this query as spam?"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {query && (
        <Stack>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {query.topic}
          </Text>
          <Text size="sm">
            It leaves the unsolved and solved boards for everyone. The student who asked it still sees it, and
            an admin can show it again from the Queries screen.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red.9"
              disabled={hide.isPending}
              onClick={() =>
                hide.mutate(
                  { queryId: query._id, hidden: true },
                  {
                    onSuccess: (hidden) => {
                      setError(null);
                      onHidden(hidden);
                    },
                    onError: (err) => setError(serverMessageOr(err, HIDE_FAILED)),
                  },
                )
              }
            >
              {hide.isPending ? 'Hiding...' : 'Hide as spam'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
