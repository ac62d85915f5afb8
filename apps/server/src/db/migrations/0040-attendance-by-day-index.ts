/**
 * The admin dashboard's attendance chart counts each day's marks and Present marks over eight
 * weeks, every one of them otherwise read from the table through the (date, roll_no) key
 * (docs/performance.md, "Migrations: what their indexes and kept counts save"). An index of (date,
 * status) answers the count from the index alone. Its price on PostgreSQL: a corrected mark changes
 * an indexed column, so it is not rewritten in place (migration 0028) but adds index entries.
 * Corrections are rare beside the dashboard's reads.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('attendance_date_status_idx')
    .on('attendance')
    .columns(['date', 'status'])
    .execute();
}
