/**
 * The admins' list of questions the chatbot found nothing for, most asked first: each can become a
 * new FAQ item (its text fills the add form) or be dismissed.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { FaqUnmatched } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { showOutcome } from '../../../components/toast';
import { failureDetail } from '../../../lib/failure';
import { formatDateTime } from '../../../lib/format';
import { useDismissUnmatched, useUnmatchedQuestions } from '../api';

function UnmatchedEntry({
  entry,
  onUse,
  onDismiss,
  dismissing,
}: {
  entry: FaqUnmatched;
  onUse: () => void;
  onDismiss: () => void;
  dismissing: boolean;
}) {
  const questionId = useId();
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={6} style={{ overflowWrap: 'anywhere' }}>
        <Text fw={500} id={questionId}>
          {entry.question}
        </Text>
        <Text size="sm" c="dimmed">
          Asked {entry.times === 1 ? 'once' : `${entry.times} times`}, last on{' '}
          {formatDateTime(entry.lastAskedAt)}
        </Text>
        <Group gap="sm">
          <Button size="xs" variant="light" onClick={onUse} aria-describedby={questionId}>
            Add as FAQ question
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onDismiss}
            disabled={dismissing}
            aria-describedby={questionId}
          >
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function UnmatchedQuestions({ onUse }: { onUse: (entry: FaqUnmatched) => void }) {
  const unmatched = useUnmatchedQuestions();
  const dismiss = useDismissUnmatched();
  const headingId = useId();

  const onDismiss = (entry: FaqUnmatched) =>
    dismiss.mutate(entry.id, {
      onError: (error) =>
        showOutcome({
          ok: false,
          title: `Could not dismiss “${entry.question}”`,
          message: failureDetail(error),
        }),
    });

  let list;
  if (unmatched.isPending) list = <LoadingState label="Loading unanswered questions..." />;
  else if (unmatched.isError)
    list = (
      <LoadFailedState
        title="Could not load the unanswered questions."
        onRetry={() => void unmatched.refetch()}
      />
    );
  else if (unmatched.data.length === 0)
    list = (
      <EmptyState hint="Questions the chatbot finds no answer for appear here.">
        Nothing unanswered.
      </EmptyState>
    );
  else
    list = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {unmatched.data.map((entry) => (
          <UnmatchedEntry
            key={entry.id}
            entry={entry}
            onUse={() => onUse(entry)}
            onDismiss={() => onDismiss(entry)}
            dismissing={dismiss.isPending && dismiss.variables === entry.id}
          />
        ))}
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" maw={720}>
      <Title order={2} size="h4" id={headingId}>
        Unanswered questions{unmatched.data ? ` (${unmatched.data.length})` : ''}
      </Title>
      <Text size="sm" c="dimmed">
        What people typed into the chatbot that no answer fitted. Add one as a question, or edit an
        item&apos;s question to use its words, so the chatbot finds it next time.
      </Text>
      {list}
    </Stack>
  );
}
