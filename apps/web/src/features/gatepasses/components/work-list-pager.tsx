/** Previous / "1–50 of 120" / Next for a server-paged work list. */
import { Button, Group, Text } from '@mantine/core';

const count = new Intl.NumberFormat('en-US');

export function WorkListPager({
  offset,
  shown,
  total,
  pageSize,
  onPage,
  label,
}: {
  offset: number;
  /** Rows on the page on show. */
  shown: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (total <= pageSize && offset === 0) return null;
  const page = Math.floor(offset / pageSize);
  const position =
    shown > 0
      ? `${count.format(offset + 1)}–${count.format(offset + shown)} of ${count.format(total)}`
      : `Page ${page + 1}`;
  return (
    <Group component="nav" aria-label={`${label} pages`} justify="space-between" wrap="nowrap" mt="sm">
      <Button variant="default" size="xs" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text size="sm" aria-live="polite">
        {position}
      </Text>
      <Button variant="default" size="xs" disabled={offset + shown >= total} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
