/** A teacher's answer to one unsolved query; an empty answer is refused before any call (SPEC §5). */
import { Alert, Button, Stack, Textarea } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import type { Query } from '@campus/contract';
import { ApiError } from '../../../lib/api-client';
import { whatToDo } from '../../../lib/failure';
import { useUpdateSolution } from '../api';
import { useTeacherWords } from '../../../i18n/teacher';

export function SolutionForm({ query, onSolved }: { query: Query; onSolved: (query: Query) => void }) {
  const { t } = useTeacherWords();
  const [solution, setSolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateSolution({
    onSolved,
    onFailure: (err) =>
      setFailure(
        `${t(err instanceof ApiError ? 'queries.solution.updateFailed' : 'queries.solution.updateError')} ${whatToDo(err)}`,
      ),
  });

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (solution.trim() === '') {
      setError(t('queries.solution.empty'));
      return;
    }
    update.mutate({ queryId: query._id, solution });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('queries.solution.formLabel', { topic: query.topic })}>
      <Stack gap="xs">
        <Textarea
          label={t('queries.solution.label')}
          required
          autosize
          minRows={6}
          maxRows={16}
          data-autofocus
          value={solution}
          error={error}
          onChange={(e) => {
            setSolution(e.currentTarget.value);
            setError(null);
          }}
        />
        {failure && <Alert color="red">{failure}</Alert>}
        <Button type="submit" disabled={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {update.isPending ? t('submitting') : t('queries.solution.submit')}
        </Button>
      </Stack>
    </form>
  );
}
