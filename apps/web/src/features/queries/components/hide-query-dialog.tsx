/** The confirmation before a query is hidden as spam; it lives on the page, so it outlasts the card. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Query } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { useSetQueryHidden } from '../api';

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

  return (
    <Modal
      opened={query !== null}
      onClose={onClose}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red.9"
              disabled={hide.isPending}
              onClick={() =>
                hide.mutate(
                  { queryId: query._id, hidden: true },
                  {
                    onSuccess: onHidden,
                    // Nothing in the dialog can change the outcome: it closes, and Hide is there to try again.
                    onError: (err) => {
                      onClose();
                      showOutcome({
                        ok: false,
                        title: `Could not hide “${query.topic}” as spam`,
                        message: failureDetail(err),
                      });
                    },
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
