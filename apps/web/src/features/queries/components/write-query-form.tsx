/** Write Query: topic, comma-separated tags and the question; the server's answer shows in an alert. */
import { Alert, Button, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { MESSAGES, SubmitQueryRequestSchema, parseTags } from '@campus/contract';
import { ApiError, serverMessageOr } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useSubmitQuery } from '../api';

type Field = 'topic' | 'tags' | 'query';
const LABELS: Record<Field, string> = { topic: 'Topic', tags: 'Tags', query: 'Query' };
const EMPTY: Record<Field, string> = { topic: '', tags: '', query: '' };

export function WriteQueryForm() {
  const user = useCurrentUser();
  const submit = useSubmitQuery();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = SubmitQueryRequestSchema.safeParse({ ...values, tags: parseTags(values.tags) });
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
          setResult({ ok: true, message: res.message });
          setValues(EMPTY);
        },
        // Over the hourly allowance the server says when to try again; otherwise the §8 message.
        onError: (error) =>
          setResult({
            ok: false,
            message:
              error instanceof ApiError && error.status === 429
                ? serverMessageOr(error, MESSAGES.query.submitFailed)
                : MESSAGES.query.submitFailed,
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
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
          <Button type="submit" disabled={submit.isPending} style={{ alignSelf: 'flex-start' }}>
            {submit.isPending ? MESSAGES.submitting : 'Submit Query'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
