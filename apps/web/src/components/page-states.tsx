/** Loading, empty and failed states shared by every list screen. */
import { Alert, Button, Center, Loader, Text } from '@mantine/core';

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden />
      <Text>{label}</Text>
    </Center>
  );
}

/** For a list that loaded and has nothing in it: never for one that failed to load. */
export function EmptyState({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" role="status">
      {children}
    </Text>
  );
}

/** A list that could not be loaded says so, and offers to try again. */
export function LoadFailedState({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Button variant="outline" color="red.8" size="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
