/** A list of one kind of notice: loading text, empty state, newest first, and "Show older" paging. */
import { Button, Center, SimpleGrid, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { NoticeType } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { NOTICE_PAGE_SIZE, useNotices, type NoticeByType } from '../api';
import { EventCard, GeneralNoticeCard, MentorNoticeCard } from './notice-cards';

const COPY: Record<NoticeType, { loading: string; empty: string; hint: string; failed: string }> = {
  mentorNotice: {
    loading: 'Loading mentor notices...',
    empty: 'No mentor notices to display.',
    hint: 'Notices from mentors show here as soon as they are posted.',
    failed: 'Could not load mentor notices.',
  },
  eventNotice: {
    loading: 'Loading events...',
    empty: 'No events to display.',
    hint: 'Talks, fests and club meetings show here as soon as they are announced.',
    failed: 'Could not load events.',
  },
  generalNotice: {
    loading: 'Loading notices...',
    empty: 'No notices to display.',
    hint: 'Notices for the whole campus show here as soon as they are posted.',
    failed: 'Could not load notices.',
  },
};

function NoticeList<K extends NoticeType>({
  type,
  render,
  emptyAction,
}: {
  type: K;
  render: (item: NoticeByType[K]) => ReactNode;
  /** The next step from an empty list, such as writing the first notice. */
  emptyAction?: ReactNode;
}) {
  const [limit, setLimit] = useState(NOTICE_PAGE_SIZE);
  const notices = useNotices(type, limit);
  const copy = COPY[type];

  if (notices.isPending) return <LoadingState label={copy.loading} />;
  if (notices.isError) {
    return <LoadFailedState title={copy.failed} onRetry={() => void notices.refetch()} />;
  }
  const { items, hasMore } = notices.data;
  if (items.length === 0) {
    return (
      <EmptyState hint={copy.hint} action={emptyAction}>
        {copy.empty}
      </EmptyState>
    );
  }
  return (
    // Two columns from 1200 px: the width is used, and each notice keeps about 75 characters a line.
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {items.map(render)}
      </SimpleGrid>
      {hasMore && (
        <Center>
          <Button
            variant="default"
            loading={notices.isFetching}
            onClick={() => setLimit((current) => current + NOTICE_PAGE_SIZE)}
          >
            Show older
          </Button>
        </Center>
      )}
    </Stack>
  );
}

export interface NoticeListProps {
  emptyAction?: ReactNode;
}

export function MentorNoticeList({ emptyAction }: NoticeListProps) {
  return (
    <NoticeList
      type="mentorNotice"
      emptyAction={emptyAction}
      render={(notice) => <MentorNoticeCard key={notice._id} notice={notice} />}
    />
  );
}

export function EventList({ emptyAction }: NoticeListProps) {
  return (
    <NoticeList
      type="eventNotice"
      emptyAction={emptyAction}
      render={(event) => <EventCard key={event._id} event={event} />}
    />
  );
}

export function GeneralNoticeList({ emptyAction }: NoticeListProps) {
  return (
    <NoticeList
      type="generalNotice"
      emptyAction={emptyAction}
      render={(notice) => <GeneralNoticeCard key={notice._id} notice={notice} />}
    />
  );
}
