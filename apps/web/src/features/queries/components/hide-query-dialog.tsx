/** The confirmation before a query is hidden as spam; it lives on the page, so it outlasts the card. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Query } from '@campus/contract';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { useSetQueryHidden } from '../api';
import { useTeacherWords } from '../../../i18n/teacher';

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
  const { t } = useTeacherWords();
  const hide = useSetQueryHidden();

  return (
    <Modal
      opened={query !== null}
      onClose={onClose}
      title={t('queries.hide.title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      {query && (
        <Stack>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {query.topic}
          </Text>
          <Text size="sm">{t('queries.hide.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('cancel')}
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
                        title: t('queries.hide.failed', { topic: query.topic }),
                        message: failureDetail(err),
                      });
                    },
                  },
                )
              }
            >
              {hide.isPending ? t('queries.hide.hiding') : t('queries.hide.hide')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
