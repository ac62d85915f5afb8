/** The whole data model: accounts and sessions, people, and every domain, with their indexes. */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const s = db.schema;
  await s
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('login_id', 'integer', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await s.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

  await s
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('login_id', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('login_failures_login_idx')
    .on('login_failures')
    .columns(['login_id', 'failed_at'])
    .execute();

  await s
    .createTable('students')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('roll_no', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('father_name', 'text')
    .addColumn('mother_name', 'text')
    .addColumn('gender', 'text')
    .addColumn('dob', 'text')
    .addColumn('category', 'text')
    .addColumn('phone_no', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('students_group_idx').on('students').columns(['group_name', 'roll_no']).execute();
  await s.createIndex('students_name_idx').on('students').column('name').execute();

  await s
    .createTable('teachers')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('dob', 'text')
    .addColumn('phone_no', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('teachers_name_idx').on('teachers').column('name').execute();

  await s
    .createTable('teacher_groups')
    .addColumn('teacher_account_id', 'text', (c) =>
      c.notNull().references('teachers.account_id').onDelete('cascade'),
    )
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('teacher_groups_pk', ['teacher_account_id', 'group_name'])
    .execute();
  await s.createIndex('teacher_groups_group_idx').on('teacher_groups').column('group_name').execute();

  await s
    .createTable('admins')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('gate_passes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('roll_no', 'integer', (c) => c.notNull().references('students.roll_no').onDelete('cascade'))
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .execute();
  await s
    .createIndex('gate_passes_student_idx')
    .on('gate_passes')
    .columns(['roll_no', 'status', 'created_at'])
    .execute();
  await s.createIndex('gate_passes_status_idx').on('gate_passes').columns(['status', 'created_at']).execute();

  await s
    .createTable('queries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('roll_no', 'integer', (c) => c.notNull().references('students.roll_no').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('solution', 'text')
    .addColumn('solved_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('solved_at', 'text')
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('queries_student_idx').on('queries').columns(['roll_no', 'created_at']).execute();
  await s.createIndex('queries_solved_idx').on('queries').columns(['solved_at', 'created_at']).execute();
  await s.createIndex('queries_created_idx').on('queries').column('created_at').execute();

  await s
    .createTable('query_tags')
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('query_tags_pk', ['query_id', 'position'])
    .execute();

  await s
    .createTable('query_likes')
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('query_likes_pk', ['query_id', 'account_id'])
    .execute();
  await s.createIndex('query_likes_account_idx').on('query_likes').column('account_id').execute();

  await s
    .createTable('mentor_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('teacher_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('mentor_notices_created_idx').on('mentor_notices').column('created_at').execute();

  await s
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('host_by', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('events_created_idx').on('events').column('created_at').execute();

  await s
    .createTable('notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('notices_created_idx').on('notices').column('created_at').execute();

  await s
    .createTable('syllabus')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_name', 'text', (c) => c.notNull())
    .addColumn('semester', 'text', (c) => c.notNull())
    .addColumn('topics', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('syllabus_course_idx').on('syllabus').column('course_name').execute();

  await s
    .createTable('performance')
    .addColumn('roll_no', 'integer', (c) => c.primaryKey().references('students.roll_no').onDelete('cascade'))
    .addColumn('tenth_percent', 'double precision')
    .addColumn('twelfth_percent', 'double precision')
    .addColumn('sem1_sgpa', 'double precision')
    .addColumn('sem2_sgpa', 'double precision')
    .addColumn('sem3_sgpa', 'double precision')
    .addColumn('sem4_sgpa', 'double precision')
    .addColumn('cgpa', 'double precision')
    .execute();

  await s
    .createTable('attendance')
    .addColumn('roll_no', 'integer', (c) => c.notNull().references('students.roll_no').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('marked_by', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_pk', ['roll_no', 'date'])
    .execute();
  await s.createIndex('attendance_date_idx').on('attendance').column('date').execute();

  await s
    .createTable('support_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('query_type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('support_created_idx').on('support_messages').column('created_at').execute();

  await s
    .createTable('faq')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('faq_position_idx').on('faq').column('position').execute();
}
