/** Loading, empty and failed states shared by every list screen. */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCommonWords } from '../i18n/words';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useCommonWords();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden />
      <Text>{label ?? t('states.loading')}</Text>
    </Center>
  );
}

/**
 * For a list that loaded and has nothing in it: never for one that failed to load. Says why the list is
 * empty and, where there is one, offers the next thing to do (`action`: a button or a link).
 */
export function EmptyState({
  children,
  hint,
  action,
}: {
  children: string;
  /** A line under the message that says what would fill the list. */
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py="xl" role="status">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}

/** A list that could not be loaded says so, and offers to try again. */
export function LoadFailedState({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useCommonWords();
  return (
    <Alert color="red" role="alert" title={title}>
      <Button variant="outline" color="red.8" size="xs" onClick={onRetry}>
        {t('shared.tryAgain')}
      </Button>
    </Alert>
  );
}
