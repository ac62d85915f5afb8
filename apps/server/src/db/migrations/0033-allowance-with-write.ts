/**
 * On PostgreSQL, a write counts against its writer's hourly allowance in its own statement
 * (decision record 0051): the counter's upsert is a part of the write's `with`, and its `returning`
 * passes the new count through this function, which fails the statement, and with it the write and
 * the count, when the count is over the allowance. The application then counts the attempt on its
 * own and answers 429. SQLite counts in the write's transaction and needs nothing here.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function campus_within_allowance(hits integer, allowance integer) returns integer
    language plpgsql as $$
    begin
      if hits > allowance then
        raise exception 'over the write allowance (% of %)', hits, allowance using errcode = 'P0429';
      end if;
      return hits;
    end
    $$`.execute(db);
}
