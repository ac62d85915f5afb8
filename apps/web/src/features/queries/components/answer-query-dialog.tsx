/** A query opened from the teachers' work list: the whole question, and the form to answer it. */
import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import type { Query } from '@campus/contract';
import { TimeAgo } from '../../../components/time-ago';
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
  return (
    <Modal
      opened={query !== null}
      onClose={onClose}
      title={query?.topic}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {query && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Asked by {query.name} ({query.rollNo}), {query.group} · <TimeAgo iso={query.createdAt} />
          </Text>
          {query.tags.length > 0 && (
            <Group gap={4}>
              {query.tags.map((tag) => (
                <Badge key={tag} variant="outline" size="sm">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{query.description}</Text>
          <SolutionForm query={query} onSolved={onSolved} />
        </Stack>
      )}
    </Modal>
  );
}
