/**
 * Previous / Next paging for every server-paged list. Says which rows are shown of how many
 * ("21–40 of 1,234") when the server sent the total, and the page number otherwise.
 */
import { Button, Group, Text } from '@mantine/core';

const count = new Intl.NumberFormat('en-US');

export interface PagerProps {
  /** The page on show, from 0. */
  page: number;
  /** The first row of the page, from 0. */
  offset: number;
  /** How many rows the page shows. */
  shown: number;
  /** Every matching row (`X-Total-Count`), when the server sent it. */
  total: number | null;
  /** Whether a next page exists. */
  hasMore: boolean;
  onChange: (page: number) => void;
  /** What is paged: the navigation is named "<label> pages". */
  label: string;
}

export function Pager({ page, offset, shown, total, hasMore, onChange, label }: PagerProps) {
  if (page === 0 && !hasMore) return null;
  const position =
    total !== null && shown > 0
      ? `${count.format(offset + 1)}–${count.format(offset + shown)} of ${count.format(total)}`
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
