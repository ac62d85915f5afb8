/** Write Query: topic, comma-separated tags and the question; the server's answer shows in a toast. */
import { Anchor, Button, Checkbox, List, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type SyntheticEvent } from 'react';
import { MESSAGES, SubmitQueryRequestSchema, parseTags, type SimilarQuery } from '@campus/contract';
import { Highlighted } from '../../../components/highlighted';
import { showOutcome } from '../../../components/toast';
import { said } from '../../../i18n/said';
import { useStudentWords } from '../../../i18n/student';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { whatToDo } from '../../../lib/failure';
import { useSimilarQueries, useSubmitQuery } from '../api';

/** The questions like the one being written, as it is typed: a student may find theirs answered. */
function SimilarQuestions({ text, onOpen }: { text: string; onOpen?: (query: SimilarQuery) => void }) {
  const { t } = useStudentWords();
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
      aria-label={t('queries.write.similar')}
    >
      <Text fw={600} size="sm" mb={4}>
        {t('queries.write.similarTitle')}
      </Text>
      <List size="sm" spacing={4}>
        {items.map((q) => (
          <List.Item key={q._id}>
            <Anchor component="button" type="button" size="sm" onClick={() => onOpen?.(q)} ta="left">
              <Highlighted text={q.highlight} />
            </Anchor>{' '}
            <Text span size="xs" c="dimmed">
              {t(q.solved ? 'queries.write.answered' : 'queries.write.waiting')}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

type Field = 'topic' | 'tags' | 'query';
const EMPTY: Record<Field, string> = { topic: '', tags: '', query: '' };

/**
 * Over the hourly allowance the server says when to try again; otherwise the §8 message, and what to
 * do when the server could not be reached.
 */
function failureMessage(t: Words, error: unknown): string {
  const failed = t('queries.write.submitFailed');
  if (error instanceof ApiError) {
    if (error.status !== 429) return failed;
    const message = serverMessageOr(error, MESSAGES.query.submitFailed);
    return message === MESSAGES.query.submitFailed ? failed : said(t, message);
  }
  return `${failed}\n${whatToDo(error)}`;
}

type Words = ReturnType<typeof useStudentWords>['t'];

/** A field's problem in the reader's language: the contract's checks say it in English. */
function fieldProblem(t: Words, field: Field, problem: string): string {
  const label = t(`queries.write.${field}`);
  if (problem === 'is required') return t('queries.write.required', { field: label });
  if (problem === 'must contain at least one tag') return t('queries.write.oneTag', { field: label });
  const longest = /^must be at most (\d+) characters$/.exec(problem);
  if (longest) return t('queries.write.tooLong', { field: label, max: longest[1] });
  return t('queries.write.fieldProblem', { field: label, problem: said(t, problem) });
}

/** `onView` leads to the student's own queries, where the new one is listed. */
export function WriteQueryForm({
  onOpenSimilar,
  onView,
}: { onOpenSimilar?: (query: SimilarQuery) => void; onView?: () => void } = {}) {
  const { t } = useStudentWords();
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
        fieldErrors[field] ??= fieldProblem(t, field, issue.message);
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
            message: said(t, res.message),
            ...(onView ? { action: { label: t('queries.write.view'), onClick: onView } } : {}),
          });
          setValues(EMPTY);
          setAnonymous(false);
        },
        // What was typed stays, to send again.
        onError: (error) =>
          showOutcome({
            ok: false,
            title: t('queries.write.failedTitle', { topic: parsed.data.topic }),
            message: failureMessage(t, error),
          }),
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" maw={640}>
      <form onSubmit={onSubmit} noValidate aria-label={t('queries.write.name')}>
        <Stack>
          <TextInput
            label={t('queries.write.topic')}
            required
            value={values.topic}
            error={errors.topic}
            onChange={(e) => set('topic')(e.currentTarget.value)}
          />
          <SimilarQuestions text={values.topic} onOpen={onOpenSimilar} />
          <TextInput
            label={t('queries.write.tags')}
            description={t('queries.write.tagsHint')}
            required
            value={values.tags}
            error={errors.tags}
            onChange={(e) => set('tags')(e.currentTarget.value)}
          />
          <Textarea
            label={t('queries.write.query')}
            required
            rows={4}
            value={values.query}
            error={errors.query}
            onChange={(e) => set('query')(e.currentTarget.value)}
          />
          <Checkbox
            label={t('queries.write.anonymous')}
            description={t('queries.write.anonymousHint', {
              name: t('shared.queries.anonymousStudent'),
            })}
            checked={anonymous}
            onChange={(e) => setAnonymous(e.currentTarget.checked)}
          />
          <Button type="submit" disabled={submit.isPending} style={{ alignSelf: 'flex-start' }}>
            {submit.isPending ? t('states.submitting', { ns: 'common' }) : t('queries.write.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
