/** The three kinds of notice and the groups a notice is for. */
import type { Generated } from 'kysely';

/** What every kind of notice has: its author, its text, whom it is for and when it shows. */
interface NoticeColumns {
  id: string;
  author_id: string;
  description: string;
  created_at: string;
  /**
   * Who it is for (migrations 0019, 0054): 'all', 'groups' (notice_audience_groups), 'students',
   * 'teachers', 'guardians', 'guardianGroups'.
   */
  audience: Generated<string>;
  /** When it shows (ISO); its creation unless scheduled (a trigger fills it in when not given). */
  starts_at: Generated<string>;
  /** When it leaves the lists (ISO); null: never. */
  ends_at: Generated<string | null>;
  pinned: Generated<number>;
  /** When its people were told; null while a scheduled notice has not started. */
  notified_at: Generated<string | null>;
}
export interface MentorNoticesTable extends NoticeColumns {
  teacher_name: string;
  email: string;
  heading: string;
}
export interface EventsTable extends NoticeColumns {
  event_name: string;
  host_by: string;
  contact_email: string;
  date: string;
  time: string;
}
export interface NoticesTable extends NoticeColumns {
  heading: string;
  contact_email: string;
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
