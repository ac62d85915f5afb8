import { Button, Group, Text } from '@mantine/core';
import type { Page } from '../api';

const count = new Intl.NumberFormat('en-US');

/**
 * Previous / Next paging for server-paged lists. Says which rows are shown of how many ("21–40 of
 * 1,234") when the server sent the total, and the page number otherwise.
 */
export function Pager({
  page,
  shown,
  onChange,
  label,
}: {
  page: number;
  /** The page on show. */
  shown: Page<unknown>;
  onChange: (page: number) => void;
  label: string;
}) {
  const { items, offset, total, hasMore } = shown;
  if (page === 0 && !hasMore) return null;
  const position =
    total !== null && items.length > 0
      ? `${count.format(offset + 1)}–${count.format(offset + items.length)} of ${count.format(total)}`
      : `Page ${page + 1}`;
  return (
    <Group component="nav" aria-label={`${label} pages`} justify="space-between" wrap="nowrap">
      <Button variant="default" disabled={page === 0} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <Text size="sm" aria-live="polite">
        {position}
      </Text>
      <Button variant="default" disabled={!hasMore} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
