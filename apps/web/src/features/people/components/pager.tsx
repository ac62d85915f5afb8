import { Button, Group, Text } from '@mantine/core';

/** Previous / Next paging for server-paged lists whose total is not known. */
export function Pager({
  page,
  hasMore,
  onChange,
  label,
}: {
  page: number;
  hasMore: boolean;
  onChange: (page: number) => void;
  label: string;
}) {
  if (page === 0 && !hasMore) return null;
  return (
    <Group component="nav" aria-label={`${label} pages`} justify="space-between" wrap="nowrap">
      <Button variant="default" disabled={page === 0} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <Text size="sm" aria-live="polite">
        Page {page + 1}
      </Text>
      <Button variant="default" disabled={!hasMore} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
