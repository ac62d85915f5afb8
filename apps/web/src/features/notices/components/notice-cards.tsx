/**
 * One card per notice kind (SPEC §3 fields). Cards sit under the page h1 and its tabs, so they use h2.
 * A tab shows twenty at once: a card's layout and lines are plain elements with Mantine's looks
 * (plain-text.ts), not a Stack, Groups, a Title and several Texts each. Their layout (notice-cards.css)
 * comes with the role area's stylesheet (app/areas.tsx).
 */
import { Anchor, Badge, Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import type { EventNotice, GeneralNotice, MentorNotice, NoticeAudience } from '@campus/contract';
import { BODY_TEXT, CARD_HEADING, FINE_PRINT, SMALL_TEXT, withClass } from '../../../components/plain-text';
import { TimeAgoIn } from '../../../i18n/relative-time';
import { useStudentWords } from '../../../i18n/student';
import { mediumDate } from '../../../lib/dates';
import { formatClock, formatDateTime } from '../../../lib/format';

/** What every stored notice adds: when it shows, pinned, and (to its author and admins) whom it is for. */
interface Scheduling {
  startsAt?: string | undefined;
  endsAt?: string | null | undefined;
  pinned?: boolean | undefined;
  audience?: NoticeAudience | undefined;
}

type Words = ReturnType<typeof useStudentWords>['t'];

export function audienceLabel(t: Words, audience: NoticeAudience): string {
  const named = { count: audience.groups.length, groups: audience.groups.join(', ') };
  if (audience.kind === 'groups') return t('shared.notices.groups', named);
  if (audience.kind === 'guardianGroups') return t('shared.notices.guardianGroups', named);
  return t(`shared.notices.audience.${audience.kind}`);
}

const when = formatDateTime;
const DESCRIPTION = withClass(BODY_TEXT, 'notice-card-prose');

/** Whether a notice's start is still to come (its author and admins see it before). */
const notStartedYet = (startsAt: string | undefined) =>
  startsAt !== undefined && Date.parse(startsAt) > Date.now();

/** Pinned, not started yet, ends, and whom it is for: a line of badges, or nothing. */
function ScheduleLine({ notice }: { notice: Scheduling }) {
  const { t } = useStudentWords();
  const upcoming = notStartedYet(notice.startsAt);
  if (!notice.pinned && !upcoming && !notice.endsAt && !notice.audience) return null;
  return (
    <div className="notice-card-badges" aria-label={t('shared.notices.badges')}>
      {notice.pinned && (
        <Badge color="blue.8" variant="filled">
          {t('shared.notices.pinned')}
        </Badge>
      )}
      {notice.audience && (
        <Badge color="gray.8" variant="outline" tt="none">
          {t('shared.notices.for', { audience: audienceLabel(t, notice.audience) })}
        </Badge>
      )}
      {upcoming && notice.startsAt && (
        <Badge color="gray.8" variant="outline" tt="none">
          {t('shared.notices.scheduled', { when: when(notice.startsAt) })}
        </Badge>
      )}
      {notice.endsAt && (
        <Badge color="gray.8" variant="outline" tt="none">
          {t('shared.notices.until', { when: when(notice.endsAt) })}
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
  const { t } = useStudentWords();
  return (
    // Long words and addresses break inside the card, which would otherwise cut them off at its edge.
    <Card component="article" withBorder radius="md" padding="md" style={{ overflowWrap: 'anywhere' }}>
      <div className="notice-card-body">
        <h2 {...CARD_HEADING}>{title}</h2>
        <ScheduleLine notice={scheduling} />
        {meta}
        <p {...DESCRIPTION}>{description}</p>
        <p {...FINE_PRINT}>
          {/* "Posted 2 h ago", "2 घंटे पहले पोस्ट की गई": where the time goes is the language's. */}
          <Trans t={t} i18nKey="shared.notices.posted" components={{ ago: <TimeAgoIn iso={posted} /> }} />
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
  const { t } = useStudentWords();
  return (
    <NoticeCard
      title={notice.heading}
      description={notice.description}
      posted={notice.createdAt}
      scheduling={notice}
      meta={
        <Meta>
          <p {...SMALL_TEXT}>{t('shared.notices.by', { name: notice.teacherName })}</p>
          <p {...SMALL_TEXT}>
            <Email address={notice.email} />
          </p>
        </Meta>
      }
    />
  );
}

export function EventCard({ event }: { event: EventNotice }) {
  const { t } = useStudentWords();
  return (
    <NoticeCard
      title={event.eventName}
      description={event.description}
      posted={event.createdAt}
      scheduling={event}
      meta={
        <Meta>
          <p {...SMALL_TEXT}>{t('shared.notices.hostedBy', { name: event.hostBy })}</p>
          <p {...SMALL_TEXT}>
            {t('shared.notices.eventWhen', { day: mediumDate(event.date), time: formatClock(event.time) })}
          </p>
          <p {...SMALL_TEXT}>
            {t('shared.notices.contact')} <Email address={event.contactEmail} />
          </p>
        </Meta>
      }
    />
  );
}

export function GeneralNoticeCard({ notice }: { notice: GeneralNotice }) {
  const { t } = useStudentWords();
  return (
    <NoticeCard
      title={notice.heading}
      description={notice.description}
      posted={notice.createdAt}
      scheduling={notice}
      meta={
        <Meta>
          <p {...SMALL_TEXT}>
            {t('shared.notices.contact')} <Email address={notice.contactEmail} />
          </p>
        </Meta>
      }
    />
  );
}
