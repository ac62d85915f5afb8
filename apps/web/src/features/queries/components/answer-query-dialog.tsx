/** A query opened from the teachers' work list: the whole question, and the form to answer it. */
import { Modal, Stack, Text } from '@mantine/core';
import type { Query } from '@campus/contract';
import { Tags } from '../../../components/tags';
import { TimeAgoIn } from '../../../i18n/relative-time';
import { useTeacherWords } from '../../../i18n/teacher';
import { SolutionForm } from './solution-form';

export function AnswerQueryDialog({
  query,
  onClose,
  onSolved,
}: {
  /** The query to answer; the dialog is open while there is one. */
  query: Query | null;
  onClose: () => void;
  onSolved: (query: Query) => void;
}) {
  const { t } = useTeacherWords();
  return (
    <Modal
      opened={query !== null}
      onClose={onClose}
      title={query?.topic}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {query && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('queries.askedBy', { name: query.name, rollNo: query.rollNo, group: query.group })}
            <TimeAgoIn iso={query.createdAt} />
          </Text>
          <Tags tags={query.tags} />
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{query.description}</Text>
          <SolutionForm query={query} onSolved={onSolved} />
        </Stack>
      )}
    </Modal>
  );
}
