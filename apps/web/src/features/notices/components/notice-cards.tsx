/** One card per notice kind (SPEC §3 fields). Cards sit under the page h1 and its tabs, so they use h2. */
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EventNotice, GeneralNotice, MentorNotice, NoticeAudience } from '@campus/contract';
import { TimeAgo } from '../../../components/time-ago';
import { mediumDate } from '../../../lib/dates';
import { formatClock, formatDateTime } from '../../../lib/format';

/** What every stored notice adds: when it shows, pinned, and (to its author and admins) whom it is for. */
interface Scheduling {
  startsAt?: string | undefined;
  endsAt?: string | null | undefined;
  pinned?: boolean | undefined;
  audience?: NoticeAudience | undefined;
}

const AUDIENCE_LABEL = {
  all: 'Everyone',
  students: 'All students',
  teachers: 'All teachers',
} as const;

export function audienceLabel(audience: NoticeAudience): string {
  return audience.kind === 'groups'
    ? `${audience.groups.length === 1 ? 'Group' : 'Groups'} ${audience.groups.join(', ')}`
    : AUDIENCE_LABEL[audience.kind];
}

const when = formatDateTime;

/** Whether a notice's start is still to come (its author and admins see it before). */
const notStartedYet = (startsAt: string | undefined) =>
  startsAt !== undefined && Date.parse(startsAt) > Date.now();

/** Pinned, not started yet, ends, and whom it is for: a line of badges, or nothing. */
function ScheduleLine({ notice }: { notice: Scheduling }) {
  const upcoming = notStartedYet(notice.startsAt);
  if (!notice.pinned && !upcoming && !notice.endsAt && !notice.audience) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label="Audience and schedule">
      {notice.pinned && (
        <Badge color="blue.8" variant="filled">
          Pinned
        </Badge>
      )}
      {notice.audience && (
        <Badge color="gray.8" variant="outline" tt="none">
          For: {audienceLabel(notice.audience)}
        </Badge>
      )}
      {upcoming && notice.startsAt && (
        <Badge color="gray.8" variant="outline" tt="none">
          Scheduled: shows {when(notice.startsAt)}
        </Badge>
      )}
      {notice.endsAt && (
        <Badge color="gray.8" variant="outline" tt="none">
          Until {when(notice.endsAt)}
        </Badge>
      )}
    </Group>
  );
}

function NoticeCard({
  title,
  meta,
  description,
  posted,
  scheduling,
}: {
  title: string;
  meta: ReactNode;
  description: string;
  posted: string;
  scheduling: Scheduling;
}) {
  return (
    // Long words and addresses break inside the card, which would otherwise cut them off at its edge.
    <Card component="article" withBorder radius="md" padding="md" style={{ overflowWrap: 'anywhere' }}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <ScheduleLine notice={scheduling} />
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
      scheduling={notice}
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
      scheduling={event}
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
      scheduling={notice}
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
