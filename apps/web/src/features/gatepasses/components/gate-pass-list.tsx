/** A list of gate passes with its loading text, empty state, and a failed load logged and offered again. */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { GatePass } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useStudentWords } from '../../../i18n/student';
import { useLoggedError } from '../../../lib/logger';

export function GatePassList({
  passes,
  isLoading,
  error,
  empty,
  emptyHint,
  emptyAction,
  context,
  onRetry,
  renderPass,
}: {
  passes: GatePass[] | undefined;
  isLoading: boolean;
  error: Error | null;
  empty: string;
  /** Under the empty message: what would fill the list, and the next thing to do. */
  emptyHint?: string;
  emptyAction?: ReactNode;
  /** Names the list in the log when it fails to load. */
  context: string;
  onRetry: () => void;
  renderPass: (pass: GatePass) => ReactNode;
}) {
  const { t } = useStudentWords();
  useLoggedError(error, context);
  if (isLoading) return <LoadingState label={t('gatepass.loading')} />;
  if (error) return <LoadFailedState title={t('gatepass.loadFailed')} onRetry={onRetry} />;
  if (!passes?.length)
    return (
      <EmptyState hint={emptyHint} action={emptyAction}>
        {empty}
      </EmptyState>
    );
  return <Stack gap="md">{passes.map(renderPass)}</Stack>;
}
