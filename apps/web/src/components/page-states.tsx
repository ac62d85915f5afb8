/** Loading and empty states shared by every list screen. */
import { Center, Loader, Text } from '@mantine/core';

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden />
      <Text>{label}</Text>
    </Center>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" role="status">
      {children}
    </Text>
  );
}
