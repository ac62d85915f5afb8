/** One card per notice kind (SPEC §3 fields). Cards sit under the page h1 and its tabs, so they use h2. */
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EventNotice, GeneralNotice, MentorNotice } from '@campus/contract';
import { TimeAgo } from '../../../components/time-ago';
import { mediumDate } from '../../../lib/dates';
import { formatClock } from '../../../lib/format';

function NoticeCard({
  title,
  meta,
  description,
  posted,
}: {
  title: string;
  meta: ReactNode;
  description: string;
  posted: string;
}) {
  return (
    // Long words and addresses break inside the card, which would otherwise cut them off at its edge.
    <Card component="article" withBorder radius="md" padding="md" style={{ overflowWrap: 'anywhere' }}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {meta}
        <Text style={{ whiteSpace: 'pre-wrap' }}>{description}</Text>
        <Text size="xs" c="dimmed">
          Posted <TimeAgo iso={posted} />
        </Text>
      </Stack>
    </Card>
  );
}

function Email({ address }: { address: string }) {
  return (
    <Anchor href={`mailto:${address}`} underline="always">
      {address}
    </Anchor>
  );
}

function Meta({ children }: { children: ReactNode }) {
  return (
    <Group gap="md" wrap="wrap">
      {children}
    </Group>
  );
}

export function MentorNoticeCard({ notice }: { notice: MentorNotice }) {
  return (
    <NoticeCard
      title={notice.heading}
      description={notice.description}
      posted={notice.createdAt}
      meta={
        <Meta>
          <Text size="sm">By {notice.teacherName}</Text>
          <Text size="sm">
            <Email address={notice.email} />
          </Text>
        </Meta>
      }
    />
  );
}

export function EventCard({ event }: { event: EventNotice }) {
  return (
    <NoticeCard
      title={event.eventName}
      description={event.description}
      posted={event.createdAt}
      meta={
        <Meta>
          <Text size="sm">Hosted by {event.hostBy}</Text>
          <Text size="sm">
            {mediumDate(event.date)} at {formatClock(event.time)}
          </Text>
          <Text size="sm">
            Contact: <Email address={event.contactEmail} />
          </Text>
        </Meta>
      }
    />
  );
}

export function GeneralNoticeCard({ notice }: { notice: GeneralNotice }) {
  return (
    <NoticeCard
      title={notice.heading}
      description={notice.description}
      posted={notice.createdAt}
      meta={
        <Meta>
          <Text size="sm">
            Contact: <Email address={notice.contactEmail} />
          </Text>
        </Meta>
      }
    />
  );
}
