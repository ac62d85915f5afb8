/** The three kinds of notice and the groups a notice is for. */
import type { Generated } from 'kysely';

export interface MentorNoticesTable {
  id: string;
  author_id: string;
  teacher_name: string;
  email: string;
  heading: string;
  description: string;
  created_at: string;
  /** Who it is for (migration 0019): 'all', 'groups' (notice_audience_groups), 'students', 'teachers'. */
  audience: Generated<string>;
  /** When it shows (ISO); its creation unless scheduled (a trigger fills it in when not given). */
  starts_at: Generated<string>;
  /** When it leaves the lists (ISO); null: never. */
  ends_at: Generated<string | null>;
  pinned: Generated<number>;
  /** When its people were told; null while a scheduled notice has not started. */
  notified_at: Generated<string | null>;
}
export interface EventsTable {
  id: string;
  author_id: string;
  event_name: string;
  host_by: string;
  contact_email: string;
  date: string;
  time: string;
  description: string;
  created_at: string;
  /** Who it is for (migration 0019): 'all', 'groups' (notice_audience_groups), 'students', 'teachers'. */
  audience: Generated<string>;
  /** When it shows (ISO); its creation unless scheduled (a trigger fills it in when not given). */
  starts_at: Generated<string>;
  /** When it leaves the lists (ISO); null: never. */
  ends_at: Generated<string | null>;
  pinned: Generated<number>;
  /** When its people were told; null while a scheduled notice has not started. */
  notified_at: Generated<string | null>;
}
export interface NoticesTable {
  id: string;
  author_id: string;
  heading: string;
  contact_email: string;
  description: string;
  created_at: string;
  /** Who it is for (migration 0019): 'all', 'groups' (notice_audience_groups), 'students', 'teachers'. */
  audience: Generated<string>;
  /** When it shows (ISO); its creation unless scheduled (a trigger fills it in when not given). */
  starts_at: Generated<string>;
  /** When it leaves the lists (ISO); null: never. */
  ends_at: Generated<string | null>;
  pinned: Generated<number>;
  /** When its people were told; null while a scheduled notice has not started. */
  notified_at: Generated<string | null>;
}
/** The groups a notice for groups is for (any of the three kinds, by its id). */
export interface NoticeAudienceGroupsTable {
  notice_id: string;
  group_name: string;
}

export interface NoticeTables {
  mentor_notices: MentorNoticesTable;
  events: EventsTable;
  notices: NoticesTable;
  notice_audience_groups: NoticeAudienceGroupsTable;
}
