/** Table types of the database, shared by SQLite and PostgreSQL. */
import type { AttendanceStatus, CgpaSource, GatePassStatus, LeaveStatus, Role } from '@campus/contract';
import type { Generated } from 'kysely';
import type { TimetableTables } from './schema-timetable';
import type { IntegrationTables } from './schema-integrations';
import type { WebhookTables } from './schema-webhooks';
import type { PushTables } from './schema-push';
import type { SsoTables } from './schema-sso';
import type { GuardianTables } from './schema-guardians';
import type { NoticeTables } from './schema-notices';

export interface AccountsTable {
  id: string;
  login_id: number;
  role: Role;
  password_hash: string;
  created_at: string;
  /** Set when an admin deactivated the account: it cannot sign in, and its records stay. */
  deactivated_at: Generated<string | null>;
  /** 1 while the password is a one-time password the person must replace at their next sign-in. */
  must_change_password: Generated<number>;
  /** When an admin erased the person's data (migration 0046): the account stays, under a pseudonym. */
  erased_at: Generated<string | null>;
  /** The language the person reads the portal in, 'en' or 'hi' (migration 0051). */
  language: Generated<string>;
}
export interface SessionsTable {
  id: string;
  account_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}
/** A shared counter: hits in the window that began at window_start (sign-in throttling, write limits). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: string;
  last_at: string;
  /** When the hit before the last one came: how long a client waited between two attempts. */
  prev_at: string | null;
  expires_at: string;
}
export interface StudentsTable {
  account_id: string;
  roll_no: number;
  name: string;
  father_name: string | null;
  mother_name: string | null;
  gender: string | null;
  dob: string | null;
  category: string | null;
  phone_no: string | null;
  email: string;
  group_name: string;
  /** Whom the campus may tell of the student (decision record 0034); no account. */
  guardian_name: Generated<string | null>;
  guardian_email: Generated<string | null>;
}
export interface TeachersTable {
  account_id: string;
  teacher_id: number;
  name: string;
  gender: string | null;
  dob: string | null;
  phone_no: string | null;
  email: string;
}
export interface TeacherGroupsTable {
  teacher_account_id: string;
  group_name: string;
}
/** A student group; students name it in `students.group_name`, mentors in `teacher_groups`. */
export interface GroupsTable {
  name: string;
  created_at: string;
}
export interface AdminsTable {
  account_id: string;
  admin_id: number;
  name: string;
  email: string;
}
export interface GatePassesTable {
  id: string;
  roll_no: number;
  contact: string;
  date: string;
  time: string;
  reason: string;
  status: GatePassStatus;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
  /** The teacher's reason for a rejection, when one was given. */
  reject_reason: Generated<string | null>;
  /** When the student will be back (HH:MM); null: by the end of the day. */
  return_by: Generated<string | null>;
  /** The short code for manual entry at the gate, given when the student first shows the pass. */
  gate_code: Generated<string | null>;
  exited_at: Generated<string | null>;
  exited_by: Generated<string | null>;
  returned_at: Generated<string | null>;
  returned_by: Generated<string | null>;
  revoked_at: Generated<string | null>;
  revoked_by: Generated<string | null>;
  /** When a pending pass closed itself, its day having passed (status rejected, decided by no one). */
  closed_at: Generated<string | null>;
  /** When the student's mentors were told the pass is overdue (once per pass). */
  overdue_notified_at: Generated<string | null>;
  /** Guardian consent (decision record 0092): null when none was asked; 'waiting' keeps it from its mentors. */
  guardian_consent: Generated<'waiting' | 'given' | 'declined' | null>;
}
/** A guard account: the gate desk. */
export interface GuardsTable {
  account_id: string;
  guard_id: number;
  name: string;
  email: string;
  phone_no: string | null;
}
/** Every scan at the gate, allowed or refused. */
export interface GateScansTable {
  id: string;
  at: string;
  guard_account_id: string;
  gate_pass_id: string | null;
  outcome: string;
  reason: string | null;
  /** qr (a scanned credential), code (a typed short code), offline (checked on the device, synced later). */
  via: string;
}
export interface LeaveApplicationsTable {
  id: string;
  roll_no: number;
  from_date: string;
  to_date: string;
  reason: string;
  status: LeaveStatus;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
  reject_reason: string | null;
}
export interface LeaveAttachmentsTable {
  leave_id: string;
  name: string;
  type: string;
  size: number;
  data: Uint8Array;
}
/** How many questions each board holds, kept by triggers (migration 0025); `solved` 0 or 1. */
export interface QueryBoardCountsTable {
  solved: number;
  total: number;
}

export interface QueriesTable {
  id: string;
  roll_no: number;
  topic: string;
  description: string;
  solution: string | null;
  solved_by: string | null;
  solved_at: string | null;
  likes: number;
  created_at: string;
  /** Hidden as spam by staff: off both boards, still in its student's list and the collection. */
  hidden_at: string | null;
  hidden_by: string | null;
  /** Asked anonymously (0/1): other students see "Anonymous student" (migration 0019). */
  anonymous: Generated<number>;
}
export interface QueryTagsTable {
  query_id: string;
  position: number;
  tag: string;
}
export interface QueryLikesTable {
  query_id: string;
  account_id: string;
}
export interface SyllabusTable {
  id: string;
  course_name: string;
  semester: string;
  /** JSON array of topic texts, in the order given. */
  topics: string;
  created_by: string | null;
  created_at: string;
}
export interface PerformanceTable {
  roll_no: number;
  tenth_percent: number | null;
  twelfth_percent: number | null;
  sem1_sgpa: number | null;
  sem2_sgpa: number | null;
  sem3_sgpa: number | null;
  sem4_sgpa: number | null;
  cgpa: number | null;
  /** How the CGPA was reached; records made before marks could be edited are `entered`. */
  cgpa_source: Generated<CgpaSource>;
}
export interface AttendanceTable {
  roll_no: number;
  date: string;
  status: AttendanceStatus;
  marked_by: string;
  marked_at: string;
}
/** Kept by triggers on `attendance` (migration 0030): one row a student. */
export interface AttendanceTotalsTable {
  roll_no: number;
  days_marked: Generated<number>;
  days_present: Generated<number>;
  /** 1 while the student's attendance was last seen below the warning line (75 %). */
  below_warning: Generated<number>;
}
export interface SupportMessagesTable {
  id: string;
  name: string;
  email: string;
  role: string;
  query_type: string;
  message: string;
  created_at: string;
  /** 'new', 'in_progress' or 'resolved' (migration 0021); new by default. */
  status: Generated<string>;
}
export interface FaqTable {
  id: string;
  position: number;
  question: string;
  answer: string;
}

/** The chatbot's questions that found nothing (migration 0036): one row per distinct question. */
export interface FaqUnmatchedTable {
  id: string;
  /** The question normalized, so that case and punctuation do not make another row. */
  question_key: string;
  /** As last typed. */
  question: string;
  times: number;
  first_asked_at: string;
  last_asked_at: string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  kind: string;
  actor_login_id: number | null;
  actor_role: string | null;
  target: string | null;
  detail: string | null;
  /** The client's address (IPv6 by /64) on sign-in entries. */
  client: string | null;
  /** How many refusals an aggregated entry stands for; 1 for every other entry. */
  count: number;
}

/**
 * The audit log's entries of each kind, kept by triggers (migration 0035): a kind's count is the sum
 * of its shares, one a PostgreSQL connection adds to (0 on SQLite).
 */
export interface AuditLogCountsTable {
  kind: string;
  shard: number;
  total: number;
}

/** Something a person is told in the app (the bell and the inbox). */
export interface NotificationsTable {
  id: string;
  account_id: string;
  kind: string;
  text: string;
  /** The page that shows what it is about, in the person's own area. */
  link: string | null;
  created_at: string;
  read_at: string | null;
}

/** Facts about the campus: `demo_campus` = 'yes' when the demo seeder created it. */
export interface CampusSettingsTable {
  key: string;
  value: string;
}

/** An outgoing mail; workers claim due ones with a lease (decision record 0034). */
export interface MailQueueTable {
  id: string;
  message_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  unsubscribe_url: string | null;
  kind: string;
  /** At most one mail per key (a person's digest of a day). */
  dedupe_key: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}
export interface MailSettingsTable {
  account_id: string;
  kind: string;
  mode: string;
}
export interface MailDigestItemsTable {
  id: string;
  account_id: string;
  kind: string;
  text: string;
  created_at: string;
  /** The digest mail that took it; null while it waits. */
  mail_id: string | null;
}
export interface PasswordResetsTable {
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface EmailChangesTable {
  token_hash: string;
  account_id: string;
  new_email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface GuardianOptoutsTable {
  address: string;
  created_at: string;
}

export interface Database
  extends
    TimetableTables,
    IntegrationTables,
    PushTables,
    WebhookTables,
    SsoTables,
    GuardianTables,
    NoticeTables {
  accounts: AccountsTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  students: StudentsTable;
  teachers: TeachersTable;
  teacher_groups: TeacherGroupsTable;
  groups: GroupsTable;
  admins: AdminsTable;
  gate_passes: GatePassesTable;
  guards: GuardsTable;
  gate_scans: GateScansTable;
  queries: QueriesTable;
  query_tags: QueryTagsTable;
  query_likes: QueryLikesTable;
  query_board_counts: QueryBoardCountsTable;
  syllabus: SyllabusTable;
  performance: PerformanceTable;
  attendance: AttendanceTable;
  attendance_totals: AttendanceTotalsTable;
  support_messages: SupportMessagesTable;
  faq: FaqTable;
  faq_unmatched: FaqUnmatchedTable;
  audit_log: AuditLogTable;
  audit_log_counts: AuditLogCountsTable;
  campus_settings: CampusSettingsTable;
  notifications: NotificationsTable;
  leave_applications: LeaveApplicationsTable;
  leave_attachments: LeaveAttachmentsTable;
  mail_queue: MailQueueTable;
  mail_settings: MailSettingsTable;
  mail_digest_items: MailDigestItemsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  guardian_optouts: GuardianOptoutsTable;
}
