/**
 * One card per notice kind (SPEC §3 fields). Cards sit under the page h1 and its tabs, so they use h2.
 * A tab shows twenty at once: a card's layout and lines are plain elements with Mantine's looks
 * (plain-text.ts), not a Stack, Groups, a Title and several Texts each. Their layout (notice-cards.css)
 * comes with the role area's stylesheet (app/areas.tsx).
 */
import { Anchor, Badge, Card } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EventNotice, GeneralNotice, MentorNotice, NoticeAudience } from '@campus/contract';
import { BODY_TEXT, CARD_HEADING, FINE_PRINT, SMALL_TEXT, withClass } from '../../../components/plain-text';
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
const DESCRIPTION = withClass(BODY_TEXT, 'notice-card-prose');

/** Whether a notice's start is still to come (its author and admins see it before). */
const notStartedYet = (startsAt: string | undefined) =>
  startsAt !== undefined && Date.parse(startsAt) > Date.now();

/** Pinned, not started yet, ends, and whom it is for: a line of badges, or nothing. */
function ScheduleLine({ notice }: { notice: Scheduling }) {
  const upcoming = notStartedYet(notice.startsAt);
  if (!notice.pinned && !upcoming && !notice.endsAt && !notice.audience) return null;
  return (
    <div className="notice-card-badges" aria-label="Audience and schedule">
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
    </div>
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
      <div className="notice-card-body">
        <h2 {...CARD_HEADING}>{title}</h2>
        <ScheduleLine notice={scheduling} />
        {meta}
        <p {...DESCRIPTION}>{description}</p>
        <p {...FINE_PRINT}>
          Posted <TimeAgo iso={posted} />
        </p>
      </div>
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
  return <div className="notice-card-meta">{children}</div>;
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
          <p {...SMALL_TEXT}>By {notice.teacherName}</p>
          <p {...SMALL_TEXT}>
            <Email address={notice.email} />
          </p>
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
          <p {...SMALL_TEXT}>Hosted by {event.hostBy}</p>
          <p {...SMALL_TEXT}>
            {mediumDate(event.date)} at {formatClock(event.time)}
          </p>
          <p {...SMALL_TEXT}>
            Contact: <Email address={event.contactEmail} />
          </p>
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
          <p {...SMALL_TEXT}>
            Contact: <Email address={notice.contactEmail} />
          </p>
        </Meta>
      }
    />
  );
}
