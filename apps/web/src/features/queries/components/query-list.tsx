/** A list of queries with its loading text, empty state, and a failed load logged and offered again. */
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Query } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useStudentWords } from '../../../i18n/student';
import { useLoggedError } from '../../../lib/logger';
import { QueryCard } from './query-card';

export function QueryList({
  queries,
  isLoading,
  error,
  empty,
  emptyHint,
  emptyAction,
  context,
  onRetry,
  renderExtra,
}: {
  queries: Query[] | undefined;
  isLoading: boolean;
  error: Error | null;
  empty: string;
  /** Under the empty message: what would fill the list, and the next thing to do. */
  emptyHint?: string;
  emptyAction?: ReactNode;
  /** Names the list in the log when it fails to load. */
  context: string;
  onRetry: () => void;
  /** Extra content under a card, such as the teacher's solution form. */
  renderExtra?: (query: Query) => ReactNode;
}) {
  const { t } = useStudentWords();
  useLoggedError(error, context);
  if (isLoading) return <LoadingState label={t('shared.queries.loading')} />;
  if (error) return <LoadFailedState title={t('shared.queries.failed')} onRetry={onRetry} />;
  if (!queries?.length)
    return (
      <EmptyState hint={emptyHint} action={emptyAction}>
        {empty}
      </EmptyState>
    );
  return (
    // Two columns from 1200 px, each card a readable measure wide.
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {queries.map((query) => (
        <QueryCard key={query._id} query={query}>
          {renderExtra?.(query)}
        </QueryCard>
      ))}
    </SimpleGrid>
  );
}
