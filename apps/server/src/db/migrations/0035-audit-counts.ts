/**
 * How many audit entries the log holds of each kind, kept by triggers as entries are written and
 * pruned. The log's first page read its "1–50 of N" by counting the whole log: a year of a large
 * campus's marks, passes and questions is hundreds of thousands of entries, counted again on every
 * first page. Now it reads a few rows (decision record 0062).
 *
 * On PostgreSQL every write of the campus writes its audit entry, so a single row a kind would make
 * writes of one kind wait for each other's commits. Each connection adds to its own share of the
 * kind's count (`shard`, from the backend's process id), once per statement, and a count is the sum
 * of the shares; a share may go below zero when another connection's entries are pruned. An entry
 * that adds to an earlier one (`recordCounted`) is an update, and counts nothing. SQLite, with one
 * writer at a time, counts row by row in share 0.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

/** How many shares of a kind's count PostgreSQL's connections spread over. */
const SHARES = 16;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('audit_log_counts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_log_counts_pkey', ['kind', 'shard'])
    .execute();
  await sql`
    insert into audit_log_counts (kind, shard, total)
    select kind, 0, count(*) from audit_log group by kind`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const add = (rows: string, sign: string) => `
      insert into audit_log_counts (kind, shard, total)
      select kind, pg_backend_pid() % ${SHARES}, ${sign}count(*) from ${rows} group by kind
      on conflict (kind, shard) do update set total = audit_log_counts.total + excluded.total;`;
    await sql`
      create function campus_count_audit_rows() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${sql.raw(add('new_rows', ''))}
        else ${sql.raw(add('old_rows', '-'))}
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger audit_log_counted_in after insert on audit_log referencing new table as new_rows
      for each statement execute function campus_count_audit_rows()`.execute(db);
    await sql`
      create trigger audit_log_counted_out after delete on audit_log referencing old table as old_rows
      for each statement execute function campus_count_audit_rows()`.execute(db);
    await sql`
      create function campus_count_audit_truncated() returns trigger language plpgsql as $$
      begin
        delete from audit_log_counts;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger audit_log_counted_truncated after truncate on audit_log
      for each statement execute function campus_count_audit_truncated()`.execute(db);
    return;
  }
  await sql`
    create trigger audit_log_counted_in after insert on audit_log
    begin
      insert or ignore into audit_log_counts (kind, shard, total) values (new.kind, 0, 0);
      update audit_log_counts set total = total + 1 where kind = new.kind and shard = 0;
    end`.execute(db);
  await sql`
    create trigger audit_log_counted_out after delete on audit_log
    begin
      update audit_log_counts set total = total - 1 where kind = old.kind and shard = 0;
    end`.execute(db);
}
