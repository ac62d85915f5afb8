/** Write Query: topic, comma-separated tags and the question; the server's answer shows in a toast. */
import { Anchor, Button, Checkbox, List, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type SyntheticEvent } from 'react';
import {
  ANONYMOUS_STUDENT,
  MESSAGES,
  SubmitQueryRequestSchema,
  parseTags,
  type SimilarQuery,
} from '@campus/contract';
import { Highlighted } from '../../../components/highlighted';
import { showOutcome } from '../../../components/toast';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { whatToDo } from '../../../lib/failure';
import { useSimilarQueries, useSubmitQuery } from '../api';

/** The questions like the one being written, as it is typed: a student may find theirs answered. */
function SimilarQuestions({ text, onOpen }: { text: string; onOpen?: (query: SimilarQuery) => void }) {
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const similar = useSimilarQueries(debounced);
  // Gone at once when the topic is cleared (as a sent question clears it), not a moment later.
  const items = debounced.length >= 3 && text.trim().length >= 3 ? (similar.data ?? []) : [];
  if (items.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      bg="var(--campus-surface-muted)"
      role="region"
      aria-label="Similar questions"
    >
      <Text fw={600} size="sm" mb={4}>
        Similar questions already asked
      </Text>
      <List size="sm" spacing={4}>
        {items.map((q) => (
          <List.Item key={q._id}>
            <Anchor component="button" type="button" size="sm" onClick={() => onOpen?.(q)} ta="left">
              <Highlighted text={q.highlight} />
            </Anchor>{' '}
            <Text span size="xs" c="dimmed">
              ({q.solved ? 'answered' : 'waiting for an answer'})
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

type Field = 'topic' | 'tags' | 'query';
const LABELS: Record<Field, string> = { topic: 'Topic', tags: 'Tags', query: 'Query' };
const EMPTY: Record<Field, string> = { topic: '', tags: '', query: '' };

/**
 * Over the hourly allowance the server says when to try again; otherwise the §8 message, and what to
 * do when the server could not be reached.
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 429
      ? serverMessageOr(error, MESSAGES.query.submitFailed)
      : MESSAGES.query.submitFailed;
  }
  return `${MESSAGES.query.submitFailed}\n${whatToDo(error)}`;
}

/** `onView` leads to the student's own queries, where the new one is listed. */
export function WriteQueryForm({
  onOpenSimilar,
  onView,
}: { onOpenSimilar?: (query: SimilarQuery) => void; onView?: () => void } = {}) {
  const user = useCurrentUser();
  const submit = useSubmitQuery();
  const [values, setValues] = useState(EMPTY);
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = SubmitQueryRequestSchema.safeParse({ ...values, tags: parseTags(values.tags), anonymous });
    if (!parsed.success) {
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        fieldErrors[field] ??= `${LABELS[field]} ${issue.message}`;
      }
      setErrors(fieldErrors);
      return;
    }
    submit.mutate(
      { name: user.name, rollNo: user.RollNo ?? 0, email: user.email, ...parsed.data },
      {
        onSuccess: (res) => {
          showOutcome({
            ok: true,
            message: res.message,
            ...(onView ? { action: { label: 'View', onClick: onView } } : {}),
          });
          setValues(EMPTY);
          setAnonymous(false);
        },
        // What was typed stays, to send again.
        onError: (error) =>
          showOutcome({
            ok: false,
            title: `Could not post your query “${parsed.data.topic}”`,
            message: failureMessage(error),
          }),
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <form onSubmit={onSubmit} noValidate aria-label="Write Query">
        <Stack>
          <TextInput
            label="Topic"
            required
            value={values.topic}
            error={errors.topic}
            onChange={(e) => set('topic')(e.currentTarget.value)}
          />
          <SimilarQuestions text={values.topic} onOpen={onOpenSimilar} />
          <TextInput
            label="Tags"
            description="Separate tags with commas"
            required
            value={values.tags}
            error={errors.tags}
            onChange={(e) => set('tags')(e.currentTarget.value)}
          />
          <Textarea
            label="Query"
            required
            rows={4}
            value={values.query}
            error={errors.query}
            onChange={(e) => set('query')(e.currentTarget.value)}
          />
          <Checkbox
            label="Ask anonymously"
            description={`Other students see “${ANONYMOUS_STUDENT}”. Teachers and admins still see who asked, and each time they are shown it is logged.`}
            checked={anonymous}
            onChange={(e) => setAnonymous(e.currentTarget.checked)}
          />
          <Button type="submit" disabled={submit.isPending} style={{ alignSelf: 'flex-start' }}>
            {submit.isPending ? MESSAGES.submitting : 'Submit Query'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
