/**
 * A day's marks side by side: marking a group looks up each student's row for one day, and with the
 * key (roll_no, date) those rows lay one per student across the whole index, 2,000,000 rows on a
 * large campus; keyed (date, roll_no) they are neighbours. This index also serves every lookup by
 * date, so the index on date alone goes. On PostgreSQL it is a constraint, so that a mark's upsert
 * can name it as its only arbiter.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('attendance_date_idx').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table attendance add constraint attendance_date_roll_key unique (date, roll_no)`.execute(
      db,
    );
  } else {
    await db.schema
      .createIndex('attendance_date_roll_key')
      .on('attendance')
      .columns(['date', 'roll_no'])
      .unique()
      .execute();
  }
}
