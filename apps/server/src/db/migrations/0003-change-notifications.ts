/**
 * On PostgreSQL: every table says when it changed, and instances that cache say until when they
 * may (decision record 0008). SQLite needs neither: it has one writer per file and `data_version`.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

/** The tables of the model when this migration was written; later ones add their own trigger. */
const TABLES = [
  'accounts',
  'sessions',
  'login_failures',
  'students',
  'teachers',
  'teacher_groups',
  'admins',
  'gate_passes',
  'queries',
  'query_tags',
  'query_likes',
  'mentor_notices',
  'events',
  'notices',
  'syllabus',
  'performance',
  'attendance',
  'support_messages',
  'faq',
  'audit_log',
];

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable('cache_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .execute();
  // Sent when the writing transaction commits; the same table twice in one transaction is sent once.
  await sql`
    create function campus_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('campus_changes', tg_table_schema || '.' || tg_table_name);
      return null;
    end
    $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_changed`)}
      after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function campus_notify_change()`.execute(db);
  }
}
