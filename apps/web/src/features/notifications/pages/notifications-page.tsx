/** The inbox: every notification of the signed-in person, newest first, paged; unread ones stand out. */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { TimeAgo } from '../../../components/time-ago';
import { INBOX_PAGE_SIZE, useInbox, useMarkAllRead, useMarkRead, useUnreadCount } from '../api';

function NotificationItem({ item }: { item: Notification }) {
  const markRead = useMarkRead();
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="li"
      bg={item.read ? undefined : 'var(--campus-surface-unread)'}
      aria-label={`${item.read ? '' : 'Unread: '}${item.text}`}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {!item.read && (
              <Badge color="blue.9" variant="filled" size="sm" style={{ flexShrink: 0 }}>
                New
              </Badge>
            )}
            <Text fw={item.read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
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
              Open
            </Anchor>
          )}
          {!item.read && (
            <Button
              variant="subtle"
              size="compact-sm"
              loading={markRead.isPending}
              onClick={() => markRead.mutate(item._id)}
            >
              Mark read
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

export function NotificationsPage() {
  const [page, setPage] = useState(0);
  const inbox = useInbox(page);
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const total = inbox.data?.total ?? 0;
  const shown = inbox.data?.items ?? [];
  const first = page * INBOX_PAGE_SIZE;

  return (
    <Stack maw={760}>
      <Group justify="space-between" wrap="wrap">
        <PageTitle>Notifications</PageTitle>
        <Button
          variant="default"
          disabled={(unread.data ?? 0) === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </Button>
      </Group>
      {inbox.isPending ? (
        <LoadingState label="Loading notifications..." />
      ) : inbox.isError ? (
        <LoadFailedState title="Could not load your notifications." onRetry={() => void inbox.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState hint="Decisions on gate passes, answers to queries and new notices show here the moment they happen.">
          You have no notifications yet.
        </EmptyState>
      ) : (
        <>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notifications">
            {shown.map((item) => (
              <NotificationItem key={item._id} item={item} />
            ))}
          </Stack>
          <Pager
            page={page}
            offset={first}
            shown={shown.length}
            total={total}
            hasMore={first + shown.length < total}
            onChange={setPage}
            label="Notification"
          />
        </>
      )}
    </Stack>
  );
}
