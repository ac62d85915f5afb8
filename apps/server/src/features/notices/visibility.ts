/**
 * Who a notice is for: the shapes of a notice's targeting and of its reader, and the condition that
 * says whether a reader sees a notice (decision records 0033 and 0093).
 */
import type { NoticeAudienceKind, NoticeType, Role } from '@campus/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';
import type { Webhooks } from '../webhooks/index';

export interface Targeting {
  audience: NoticeAudienceKind;
  groups: string[];
  /** ISO; undefined or null: now. */
  startsAt?: string | null | undefined;
  endsAt?: string | null | undefined;
  pinned: boolean;
}
export interface NewMentorNotice extends Targeting {
  heading: string;
  description: string;
}
export interface NewEventNotice extends Targeting {
  eventName: string;
  hostBy: string;
  contactEmail: string;
  date: string;
  time: string;
  description: string;
}
export interface NewGeneralNotice extends Targeting {
  heading: string;
  contactEmail: string;
  description: string;
}

/** Who reads a list, and when. */
export interface Viewer {
  accountId: string;
  role: Role;
  /** The time that decides what has started and what has ended (ISO). */
  now: string;
}

/** A notice whose people are to be told now. */
export interface StartedNotice {
  type: NoticeType;
  id: string;
  authorId: string;
  authorName: string | null;
  title: string;
  audience: NoticeAudienceKind;
  groups: string[];
}

export const TABLES = {
  generalNotice: { table: 'notices', title: 'heading' },
  eventNotice: { table: 'events', title: 'event_name' },
  mentorNotice: { table: 'mentor_notices', title: 'heading' },
} as const;

/** Whom a guardian's notices are for: every guardian, or the guardians of the named groups' students. */
const forGuardian = (accountId: string) =>
  sql`((n.audience = 'guardians' and exists (
      select 1 from guardian_links l where l.guardian_account_id = ${accountId}))
    or (n.audience = 'guardianGroups' and exists (
      select 1 from notice_audience_groups g join students s on s.group_name = g.group_name
      join guardian_links l on l.roll_no = s.roll_no
      where g.notice_id = n.id and l.guardian_account_id = ${accountId})))`;

/**
 * The notices `viewer` may see, as a condition on the notice aliased `n`: not ended; and for admins
 * and the author everything else (a scheduled notice too), for others what has started and is for
 * them. Students and teachers never see the guardians' audiences; guardians see only those.
 */
export function visibleTo(viewer: Viewer): RawBuilder<boolean> {
  const notEnded = sql`(n.ends_at is null or n.ends_at > ${viewer.now})`;
  if (viewer.role === 'admin') return sql<boolean>`${notEnded}`;
  const forThem =
    viewer.role === 'guardian'
      ? forGuardian(viewer.accountId)
      : viewer.role === 'student'
        ? sql`(n.audience in ('all', 'students') or (n.audience = 'groups' and exists (
          select 1 from notice_audience_groups g join students s on s.group_name = g.group_name
          where g.notice_id = n.id and s.account_id = ${viewer.accountId})))`
        : sql`(n.audience in ('all', 'teachers') or (n.audience = 'groups' and exists (
          select 1 from notice_audience_groups g join teacher_groups tg on tg.group_name = g.group_name
          where g.notice_id = n.id and tg.teacher_account_id = ${viewer.accountId})))`;
  return sql<boolean>`${notEnded} and (n.author_id = ${viewer.accountId} or (n.starts_at <= ${viewer.now} and ${forThem}))`;
}

export interface Scheduled {
  id: string;
  author_id: string;
  audience: string;
  starts_at: string;
  ends_at: string | null;
  pinned: number;
}

/** Queues `notice.published`, with the write that publishes the notice (record 0085). */
export const publisher =
  (webhooks: Webhooks | undefined) =>
  (
    on: Db,
    notice: { type: NoticeType; id: string; title: string; audience: string; startsAt: string },
    groups: readonly string[],
  ) =>
    webhooks?.emit(
      'notice.published',
      () => ({
        noticeId: notice.id,
        type: notice.type,
        title: notice.title,
        audience: notice.audience,
        groups: [...new Set(groups)],
        startsAt: notice.startsAt,
      }),
      on,
    );
