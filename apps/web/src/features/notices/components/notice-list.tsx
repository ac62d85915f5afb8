/** A list of one kind of notice: loading text, empty state, newest first, and "Show older" paging. */
import { Button, Center, SimpleGrid, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { NoticeType } from '@campus/contract';
import { EmptyState, LoadFailedState, LoadingState } from '../../../components/page-states';
import { useStudentWords } from '../../../i18n/student';
import { NOTICE_PAGE_SIZE, useNotices, type NoticeByType } from '../api';
import { EventCard, GeneralNoticeCard, MentorNoticeCard } from './notice-cards';

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
  const { t } = useStudentWords();
  // Each kind's loading, empty, hint and failed words are `shared.notices.lists.<type>.*`.
  const copy = (key: 'loading' | 'empty' | 'hint' | 'failed') => t(`shared.notices.lists.${type}.${key}`);

  if (notices.isPending) return <LoadingState label={copy('loading')} />;
  if (notices.isError) {
    return <LoadFailedState title={copy('failed')} onRetry={() => void notices.refetch()} />;
  }
  const { items, hasMore } = notices.data;
  if (items.length === 0) {
    return (
      <EmptyState hint={copy('hint')} action={emptyAction}>
        {copy('empty')}
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
            {t('shared.notices.showOlder')}
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
