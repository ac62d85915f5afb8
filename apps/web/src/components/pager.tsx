/**
 * Previous / Next paging for every server-paged list. Says which rows are shown of how many
 * ("21–40 of 1,234") when the server sent the total, and the page number otherwise.
 */
import { Button, Group, Text } from '@mantine/core';
import { useRef } from 'react';
import { useCommonWords } from '../i18n/words';
import { formatCount } from '../lib/format';

/** Below the fixed top bar (64 px) with a little air. */
const TOP_BAR_CLEARANCE = 80;

/**
 * Brings the top of the list the pager pages (the element before it, or else its container) into
 * view when it has scrolled above the top bar, so that a new page is read from its first row.
 */
function showListTop(pager: HTMLElement | null): void {
  const list = pager?.previousElementSibling ?? pager?.parentElement;
  if (!list) return;
  const { top, height } = list.getBoundingClientRect();
  // Not laid out (no layout engine, or hidden): nothing to bring into view.
  if (height > 0 && top < TOP_BAR_CLEARANCE) window.scrollBy({ top: top - TOP_BAR_CLEARANCE });
}

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
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useCommonWords();
  if (page === 0 && !hasMore) return null;
  const go = (next: number) => {
    onChange(next);
    showListTop(ref.current);
  };
  const position =
    total !== null && shown > 0
      ? t('shared.position', {
          from: formatCount(offset + 1),
          to: formatCount(offset + shown),
          total: formatCount(total),
        })
      : t('shared.page', { page: page + 1 });
  return (
    <Group
      ref={ref}
      component="nav"
      className="pager"
      aria-label={t('shared.pages', { label })}
      justify="space-between"
      wrap="nowrap"
    >
      <Button variant="default" disabled={page === 0} onClick={() => go(page - 1)}>
        {t('shared.previous')}
      </Button>
      <Text size="sm" aria-live="polite">
        {position}
      </Text>
      <Button variant="default" disabled={!hasMore} onClick={() => go(page + 1)}>
        {t('shared.next')}
      </Button>
    </Group>
  );
}
