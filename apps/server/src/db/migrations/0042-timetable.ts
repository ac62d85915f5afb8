/**
 * The timetable and attendance per lecture (decision record 0081): courses, who teaches which course
 * to which group, weekly periods, holidays, and one mark per student and lecture. A mark keeps its
 * course and times, so that the history survives a change of the timetable.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const s = db.schema;
  await s
    .createTable('courses')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('min_percent', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('teachings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_code', 'text', (c) => c.notNull().references('courses.code').onDelete('cascade'))
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('teacher_account_id', 'text', (c) => c.notNull().references('teachers.account_id'))
    .addUniqueConstraint('teachings_course_group_uq', ['course_code', 'group_name'])
    .execute();
  await s.createIndex('teachings_group_idx').on('teachings').column('group_name').execute();
  await s.createIndex('teachings_teacher_idx').on('teachings').column('teacher_account_id').execute();
  await s
    .createTable('periods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('teaching_id', 'text', (c) => c.notNull().references('teachings.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('starts', 'text', (c) => c.notNull())
    .addColumn('ends', 'text', (c) => c.notNull())
    .addColumn('room', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('periods_teaching_idx').on('periods').column('teaching_id').execute();
  await s.createIndex('periods_weekday_idx').on('periods').columns(['weekday', 'starts']).execute();
  await s
    .createTable('holidays')
    .addColumn('date', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await s
    .createTable('lecture_marks')
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('roll_no', 'integer', (c) => c.notNull())
    .addColumn('course_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('late_minutes', 'integer')
    .addColumn('marked_by', 'text', (c) => c.notNull())
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lecture_marks_pk', ['period_id', 'date', 'roll_no'])
    .execute();
  await s
    .createIndex('lecture_marks_student_course_idx')
    .on('lecture_marks')
    .columns(['roll_no', 'course_code'])
    .execute();
  // Kept in the transaction of each mark: a student's figures per course without counting 600 rows.
  await s
    .createTable('course_totals')
    .addColumn('roll_no', 'integer', (c) => c.notNull())
    .addColumn('course_code', 'text', (c) => c.notNull())
    .addColumn('present', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_leave', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('ok'))
    .addPrimaryKeyConstraint('course_totals_pk', ['roll_no', 'course_code'])
    .execute();
}
