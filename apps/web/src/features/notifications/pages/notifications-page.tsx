/**
 * The inbox: every notification of the signed-in person, newest first, paged. Opening it marks what
 * it shows read, as reading mail does; what was unread keeps its "New" mark for the rest of the
 * visit, and any one can be marked unread again to come back to.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Notification, Role } from '@campus/contract';
import { useAccountWords } from '../../../i18n/account';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { TimeAgo } from '../../../components/time-ago';
import { useCurrentUser } from '../../../lib/current-user';
import { pageFrom, pageParam, useUrlState } from '../../../lib/url-state';
import {
  INBOX_PAGE_SIZE,
  useInbox,
  useMarkAllRead,
  useMarkRead,
  useMarkShownRead,
  useMarkUnread,
  useUnreadCount,
} from '../api';

/** What each role hears of here, for the empty inbox (a guard has no inbox): `notifications.hints.<role>`. */
const hintFor = (role: Role) => (role === 'guard' ? undefined : `notifications.hints.${role}`);

function NotificationItem({ item, fresh }: { item: Notification; fresh: boolean }) {
  const markRead = useMarkRead();
  const markUnread = useMarkUnread();
  const t = useAccountWords();
  // Unread on the server, or unread when this visit opened the inbox.
  const isNew = !item.read || fresh;
  const label = !item.read
    ? t('notifications.unreadItem', { text: item.text })
    : fresh
      ? t('notifications.newItem', { text: item.text })
      : item.text;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="li"
      bg={isNew ? 'var(--campus-surface-unread)' : undefined}
      aria-label={label}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {isNew && (
              <Badge color="blue.9" variant="filled" size="sm" style={{ flexShrink: 0 }}>
                {t('notifications.new')}
              </Badge>
            )}
            <Text fw={isNew ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
              {item.text}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            <TimeAgo iso={item.createdAt} />
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {item.link && (
            <Anchor
              component={Link}
              to={item.link}
              size="sm"
              onClick={() => !item.read && markRead.mutate(item._id)}
            >
              {t('notifications.open')}
            </Anchor>
          )}
          {item.read ? (
            <Button
              variant="subtle"
              size="compact-sm"
              loading={markUnread.isPending}
              onClick={() => markUnread.mutate(item._id)}
            >
              {t('notifications.markUnread')}
            </Button>
          ) : (
            <Button
              variant="subtle"
              size="compact-sm"
              loading={markRead.isPending}
              onClick={() => markRead.mutate(item._id)}
            >
              {t('notifications.markRead')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

export function NotificationsPage() {
  const user = useCurrentUser();
  const t = useAccountWords();
  const hint = hintFor(user.role);
  // The page lives in the address (`?page=2`): a reload keeps it.
  const url = useUrlState();
  const page = pageFrom(url.params.get('page'));
  const setPage = (next: number) => url.change({ page: pageParam(next) });
  const inbox = useInbox(page);
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const markShown = useMarkShownRead();
  const total = inbox.data?.total ?? 0;
  const shown = inbox.data?.items ?? [];
  const first = page * INBOX_PAGE_SIZE;
  // Every notification this visit has shown: an unread one is marked read the first time it shows,
  // and never again, so that one marked unread stays unread.
  const displayed = useRef(new Set<string>());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const { mutate: markSeen } = markShown;

  const inboxPage = inbox.data;
  useEffect(() => {
    const shown = inboxPage?.items ?? [];
    const ids = shown
      .filter((item) => !item.read && !displayed.current.has(item._id))
      .map((item) => item._id);
    for (const item of shown) displayed.current.add(item._id);
    if (ids.length === 0) return;
    setFresh((before) => new Set([...before, ...ids]));
    markSeen(ids);
  }, [inboxPage, markSeen]);

  return (
    <Stack maw={1040}>
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('notifications.title')}</PageTitle>
        <Button
          variant="default"
          disabled={(unread.data ?? 0) === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {inbox.isPending ? (
        <LoadingState label={t('notifications.loading')} />
      ) : inbox.isError ? (
        <LoadFailedState title={t('notifications.loadFailed')} onRetry={() => void inbox.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState hint={hint && t(hint)}>{t('notifications.empty')}</EmptyState>
      ) : (
        <>
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('notifications.title')}
          >
            {shown.map((item) => (
              <NotificationItem key={item._id} item={item} fresh={fresh.has(item._id)} />
            ))}
          </Stack>
          <Pager
            page={page}
            offset={first}
            shown={shown.length}
            total={total}
            hasMore={first + shown.length < total}
            onChange={setPage}
            label={t('notifications.pages')}
          />
        </>
      )}
    </Stack>
  );
}
