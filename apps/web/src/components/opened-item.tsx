/**
 * The one item a link opened (`?pass=…`, `?leave=…`, `?query=…`, as a notification's link names it),
 * shown first on its screen above the whole list, with a way back to the list alone (decision record
 * 0068). The item is brought into view and takes the focus, so that a screen reader starts there.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ITEM_PARAMS, type ItemKind } from '@campus/contract';
import { useCommonWords } from '../i18n/words';
import { ApiError } from '../lib/api-client';
import { useUrlState } from '../lib/url-state';
import { LoadFailedState, LoadingState } from './page-states';

/** The id of the item the address opens, and the way to show the list alone. */
export function useOpenedItem(kind: ItemKind) {
  const { params, change } = useUrlState();
  const param = ITEM_PARAMS[kind];
  return { id: params.get(param), close: () => change({ [param]: null }) };
}

interface ItemRead {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export function OpenedItem({
  title,
  gone,
  read,
  onClose,
  children,
}: {
  /** "The gate pass you were told of". */
  title: string;
  /** What to say when the item is no longer there (withdrawn, or not the reader's). */
  gone: string;
  read: ItemRead;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useCommonWords();
  const heading = useId();
  const section = useRef<HTMLElement>(null);
  const ready = !read.isPending;
  useEffect(() => {
    if (!ready) return;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  }, [ready]);
  let body: ReactNode = children;
  if (read.isPending) body = <LoadingState />;
  else if (read.error instanceof ApiError && read.error.status === 404) body = <Text>{gone}</Text>;
  else if (read.error)
    body = <LoadFailedState title={t('shared.couldNotLoad')} onRetry={() => void read.refetch()} />;
  return (
    <Paper
      component="section"
      ref={section}
      tabIndex={-1}
      aria-labelledby={heading}
      withBorder
      radius="md"
      p="md"
      mb="md"
      bg="var(--campus-surface-unread)"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={heading}>
            {title}
          </Title>
          <Button variant="default" onClick={onClose}>
            {t('shared.wholeList')}
          </Button>
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
