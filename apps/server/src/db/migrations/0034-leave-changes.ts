/**
 * A group's students away on a day (approved leave or an approved gate pass) are kept in memory for
 * the group's next mark (features/attendance/routes.ts), so the leave table is now one a cached read
 * names: on PostgreSQL it tells of its changes like the others (migration 0005, decision record 0009).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const on = sql.id('leave_applications');
  const named = (what: string) => sql.id(`leave_applications_${what}`);
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
