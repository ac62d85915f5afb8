/**
 * Facts about the campus that outlive a start: whether it is the demo campus is written here by the
 * demo seeder, and only then does the sign-in screen list the demo accounts. No cached read names
 * this table, so on PostgreSQL it gets no change triggers (decision record 0009).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('campus_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
