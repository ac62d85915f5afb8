/**
 * Everything the portal holds about one person (decision record 0084): their account and profile,
 * and one section per kind of record, each a table of named columns (a CSV of the archive).
 */
import type { Role } from '@campus/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/index';

/** The account an export or an erasure is about. */
export interface Subject {
  accountId: string;
  loginId: number;
  role: Role;
  createdAt: string;
  deactivatedAt: string | null;
  /** Set for students. */
  rollNo: number | null;
  name: string | null;
  email: string | null;
  phone: string | null;
}

export interface Section {
  /** The CSV's name in the archive, without `.csv`. */
  file: string;
  columns: readonly string[];
  rows: Record<string, unknown>[];
}

export interface PersonData {
  subject: Subject;
  profile: Record<string, unknown> | null;
  sections: Section[];
  /** Files the person attached to their leave applications. */
  attachments: { leaveId: string; name: string; data: Uint8Array }[];
}

const PROFILE_TABLE = {
  student: 'students',
  teacher: 'teachers',
  admin: 'admins',
  guard: 'guards',
  guardian: 'guardians',
} as const;

/** The account and its profile's name and contacts; undefined when there is no such account. */
export async function findSubject(db: Db, accountId: string): Promise<Subject | undefined> {
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'login_id', 'role', 'created_at', 'deactivated_at'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return undefined;
  const profile = await profileOf(db, account.role, accountId);
  const text = (key: string) => (typeof profile?.[key] === 'string' ? profile[key] : null);
  return {
    accountId,
    loginId: account.login_id,
    role: account.role,
    createdAt: account.created_at,
    deactivatedAt: account.deactivated_at,
    rollNo: account.role === 'student' && profile ? Number(profile.roll_no) : null,
    name: text('name'),
    email: text('email'),
    phone: text('phone_no'),
  };
}

async function profileOf(db: Db, role: Role, accountId: string) {
  const row = await db
    .selectFrom(PROFILE_TABLE[role])
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row as Record<string, unknown> | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- sections name their tables and columns as data
type AnyDb = Kysely<any>;

/** One section: `columns` of `table` where any of `where` holds, oldest first. */
async function section(
  db: Db,
  file: string,
  table: string,
  columns: readonly string[],
  where: readonly [string, unknown][],
  order: string,
): Promise<Section> {
  const rows = (await (db as AnyDb)
    .selectFrom(table)
    .select([...columns])
    .where((eb) => eb.or(where.map(([column, value]) => eb(column, '=', value))))
    .orderBy(order)
    .execute()) as Record<string, unknown>[];
  return { file, columns, rows };
}

/** A student's own records, by their roll number. */
async function studentSections(db: Db, rollNo: number): Promise<Section[]> {
  const by: [string, unknown][] = [['roll_no', rollNo]];
  const movements = await db
    .selectFrom('gate_scans as s')
    .innerJoin('gate_passes as g', 'g.id', 's.gate_pass_id')
    .select(['s.at', 's.gate_pass_id', 's.outcome', 's.reason', 's.via'])
    .where('g.roll_no', '=', rollNo)
    .orderBy('s.at')
    .execute();
  const attachments = await db
    .selectFrom('leave_attachments as f')
    .innerJoin('leave_applications as l', 'l.id', 'f.leave_id')
    .select(['f.leave_id', 'f.name', 'f.type', 'f.size'])
    .where('l.roll_no', '=', rollNo)
    .orderBy('f.leave_id')
    .execute();
  const passColumns = ['id', 'date', 'time', 'return_by', 'contact', 'reason', 'status', 'created_at'];
  return [
    await section(
      db,
      'gate-passes',
      'gate_passes',
      [...passColumns, 'decided_at', 'reject_reason', 'exited_at', 'returned_at', 'revoked_at', 'closed_at'],
      by,
      'created_at',
    ),
    {
      file: 'gate-movements',
      columns: ['at', 'gate_pass_id', 'outcome', 'reason', 'via'],
      rows: movements,
    },
    await section(
      db,
      'leave-applications',
      'leave_applications',
      ['id', 'from_date', 'to_date', 'reason', 'status', 'created_at', 'decided_at', 'reject_reason'],
      by,
      'created_at',
    ),
    {
      file: 'leave-attachments',
      columns: ['leave_id', 'name', 'type', 'size'],
      rows: attachments,
    },
    await section(
      db,
      'queries',
      'queries',
      [
        'id',
        'topic',
        'description',
        'solution',
        'likes',
        'anonymous',
        'created_at',
        'solved_at',
        'hidden_at',
      ],
      by,
      'created_at',
    ),
    await section(db, 'attendance', 'attendance', ['date', 'status', 'marked_at'], by, 'date'),
    await section(
      db,
      'lecture-marks',
      'lecture_marks',
      ['date', 'course_code', 'period_id', 'status', 'late_minutes', 'marked_at'],
      by,
      'date',
    ),
    await section(
      db,
      'marks',
      'performance',
      [
        'tenth_percent',
        'twelfth_percent',
        'sem1_sgpa',
        'sem2_sgpa',
        'sem3_sgpa',
        'sem4_sgpa',
        'cgpa',
        'cgpa_source',
      ],
      by,
      'roll_no',
    ),
  ];
}

/** What a member of staff did: notices written, passes and leave decided, queries answered, scans. */
async function staffSections(db: Db, accountId: string): Promise<Section[]> {
  const notice = ['id', 'heading', 'description', 'created_at'];
  return [
    await section(db, 'notices-written', 'notices', notice, [['author_id', accountId]], 'created_at'),
    await section(
      db,
      'mentor-notices-written',
      'mentor_notices',
      notice,
      [['author_id', accountId]],
      'created_at',
    ),
    await section(
      db,
      'events-written',
      'events',
      ['id', 'event_name', 'host_by', 'date', 'time', 'description', 'created_at'],
      [['author_id', accountId]],
      'created_at',
    ),
    await section(
      db,
      'gate-passes-decided',
      'gate_passes',
      ['id', 'roll_no', 'status', 'decided_at', 'reject_reason'],
      [['decided_by', accountId]],
      'decided_at',
    ),
    await section(
      db,
      'leave-decided',
      'leave_applications',
      ['id', 'roll_no', 'status', 'decided_at', 'reject_reason'],
      [['decided_by', accountId]],
      'decided_at',
    ),
    await section(
      db,
      'queries-answered',
      'queries',
      ['id', 'topic', 'solution', 'solved_at'],
      [['solved_by', accountId]],
      'solved_at',
    ),
    await section(
      db,
      'gate-scans-made',
      'gate_scans',
      ['at', 'gate_pass_id', 'outcome', 'reason', 'via'],
      [['guard_account_id', accountId]],
      'at',
    ),
  ];
}

/** Records every person has: notifications, sessions (no token), settings, messages, audit entries. */
async function commonSections(db: Db, subject: Subject): Promise<Section[]> {
  const own: [string, unknown][] = [['account_id', subject.accountId]];
  const support = await db
    .selectFrom('support_messages')
    .select(['id', 'name', 'email', 'role', 'query_type', 'message', 'created_at', 'status'])
    .where(sql<string>`lower(email)`, '=', (subject.email ?? '').toLowerCase())
    .orderBy('created_at')
    .execute();
  return [
    await section(
      db,
      'notifications',
      'notifications',
      ['kind', 'text', 'link', 'created_at', 'read_at'],
      own,
      'created_at',
    ),
    await section(db, 'sessions', 'sessions', ['created_at', 'expires_at', 'revoked_at'], own, 'created_at'),
    await section(db, 'mail-settings', 'mail_settings', ['kind', 'mode'], own, 'kind'),
    await section(db, 'calendar-feeds', 'calendar_feeds', ['created_at'], own, 'created_at'),
    {
      file: 'support-messages',
      columns: ['id', 'name', 'email', 'role', 'query_type', 'message', 'created_at', 'status'],
      rows: subject.email ? support : [],
    },
    await section(
      db,
      'audit-entries',
      'audit_log',
      ['at', 'kind', 'actor_login_id', 'actor_role', 'target', 'detail', 'client', 'count'],
      [
        ['actor_login_id', subject.loginId],
        ['target', String(subject.loginId)],
      ],
      'at',
    ),
  ];
}

/** Everything about `subject`, read in one transaction so that its parts agree. */
export function personData(db: Db, subject: Subject): Promise<PersonData> {
  return db.transaction().execute(async (trx) => {
    const profile = (await profileOf(trx, subject.role, subject.accountId)) ?? null;
    const sections = [
      ...(subject.rollNo !== null ? await studentSections(trx, subject.rollNo) : []),
      ...(subject.role === 'student' ? [] : await staffSections(trx, subject.accountId)),
      ...(await commonSections(trx, subject)),
    ];
    const attachments =
      subject.rollNo === null
        ? []
        : await trx
            .selectFrom('leave_attachments as f')
            .innerJoin('leave_applications as l', 'l.id', 'f.leave_id')
            .select(['f.leave_id as leaveId', 'f.name', 'f.data'])
            .where('l.roll_no', '=', subject.rollNo)
            .execute();
    return { subject, profile, sections, attachments };
  });
}
