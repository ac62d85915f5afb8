/**
 * Notifications become a table a cached read may name, followed per account: the bell's count and
 * the inbox are kept in memory per person until one of their own notifications changes. On
 * PostgreSQL a cached table tells the other instances of its changes (migration 0005); these
 * triggers name the accounts whose rows changed, `schema.notifications#<id>,<id>`, or only the table
 * when a statement changed so many accounts' rows that their ids would not fit a notification.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

/** A notification carries at most 8,000 bytes; the account ids stop well short of it. */
const MAX_ACCOUNT_IDS_TEXT = 7000;

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const tell = (rows: string) =>
    sql.raw(`
    declare
      account_ids text;
    begin
      select string_agg(distinct account_id, ',') into account_ids from (${rows}) as r;
      if account_ids is null then
        return null;
      elsif length(account_ids) > ${MAX_ACCOUNT_IDS_TEXT} then
        perform pg_notify('campus_changes', tg_table_schema || '.' || tg_table_name);
      else
        perform pg_notify('campus_changes', tg_table_schema || '.' || tg_table_name || '#' || account_ids);
      end if;
      return null;
    end`);
  await sql`
    create function campus_notify_account_rows() returns trigger language plpgsql as $$
    ${tell('select account_id from changed_rows')}
    $$`.execute(db);
  await sql`
    create function campus_notify_account_updates() returns trigger language plpgsql as $$
    ${tell('select account_id from changed_rows union all select account_id from old_rows')}
    $$`.execute(db);
  await sql`
    create trigger notifications_inserted after insert on notifications referencing new table as changed_rows
    for each statement execute function campus_notify_account_rows()`.execute(db);
  await sql`
    create trigger notifications_updated after update on notifications
    referencing old table as old_rows new table as changed_rows
    for each statement execute function campus_notify_account_updates()`.execute(db);
  await sql`
    create trigger notifications_deleted after delete on notifications referencing old table as changed_rows
    for each statement execute function campus_notify_account_rows()`.execute(db);
  await sql`
    create trigger notifications_truncated after truncate on notifications
    for each statement execute function campus_notify_change()`.execute(db);
}
