/**
 * Which accounts have a device that takes push messages is kept in memory (features/push): most of
 * the people a notification tells have none, and the write that tells them then reads no devices. On
 * PostgreSQL the devices' table tells the other instances of its changes (migration 0005), as every
 * table a cached read names does.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const on = sql.id('push_subscriptions');
  const named = (what: string) => sql.id(`push_subscriptions_${what}`);
  await sql`
    create trigger ${named('inserted')} after insert on ${on} referencing new table as changed_rows
    for each statement execute function campus_notify_rows()`.execute(db);
  await sql`
    create trigger ${named('updated')} after update on ${on} referencing new table as changed_rows
    for each statement execute function campus_notify_rows()`.execute(db);
  await sql`
    create trigger ${named('deleted')} after delete on ${on} referencing old table as changed_rows
    for each statement execute function campus_notify_rows()`.execute(db);
  await sql`
    create trigger ${named('truncated')} after truncate on ${on}
    for each statement execute function campus_notify_change()`.execute(db);
}
