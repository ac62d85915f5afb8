/** A list of gate passes with its loading text and empty state; load errors are only logged (SPEC §8). */
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { GatePass } from '@campus/contract';
import { EmptyState, LoadingState } from '../../../components/page-states';
import { useLoggedError } from '../../../lib/logger';

export function GatePassList({
  passes,
  isLoading,
  error,
  empty,
  context,
  renderPass,
}: {
  passes: GatePass[] | undefined;
  isLoading: boolean;
  error: Error | null;
  empty: string;
  /** Names the list in the log when it fails to load. */
  context: string;
  renderPass: (pass: GatePass) => ReactNode;
}) {
  useLoggedError(error, context);
  if (isLoading) return <LoadingState label="Loading gate passes..." />;
  if (!passes?.length) return <EmptyState>{empty}</EmptyState>;
  return <Stack gap="md">{passes.map(renderPass)}</Stack>;
}
