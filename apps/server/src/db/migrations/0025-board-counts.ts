/**
 * How many questions each board holds (unsolved and solved, not hidden), kept by triggers as
 * questions are asked, answered, hidden, shown again and deleted, so that a board's "1–20 of N" reads
 * one row rather than counting its partial index after every new question (docs/performance.md,
 * "Migrations: what their indexes and kept counts save"). `solved` is 0 for the unsolved board, 1 for
 * the solved one.
 *
 * SQLite counts row by row; PostgreSQL once per statement, from the rows the statement changed, and
 * writes a count only when it moved.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('query_board_counts')
    .addColumn('solved', 'integer', (c) => c.primaryKey())
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute();
  await sql`
    insert into query_board_counts (solved, total)
    select b.solved, (select count(*) from queries q
                      where q.hidden_at is null
                        and (case when q.solved_at is null then 0 else 1 end) = b.solved)
    from (select 0 as solved union all select 1) as b`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const board = (rows: string, sign: string) =>
      `select case when solved_at is null then 0 else 1 end as solved, ${sign}1 as n
       from ${rows} where hidden_at is null`;
    // Only boards whose count moved are written: a like changes a row, but no board's count.
    const change = (rows: string) => `
        update query_board_counts c set total = c.total + d.n
        from (select solved, sum(n) as n from (${rows}) as x group by solved having sum(n) <> 0) as d
        where c.solved = d.solved;`;
    await sql`
      create function campus_count_board_rows() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${sql.raw(change(board('new_rows', '+')))}
        elsif tg_op = 'DELETE' then ${sql.raw(change(board('old_rows', '-')))}
        else ${sql.raw(change(`${board('old_rows', '-')} union all ${board('new_rows', '+')}`))}
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger queries_board_inserted after insert on queries referencing new table as new_rows
      for each statement execute function campus_count_board_rows()`.execute(db);
    await sql`
      create trigger queries_board_updated after update on queries
      referencing old table as old_rows new table as new_rows
      for each statement execute function campus_count_board_rows()`.execute(db);
    await sql`
      create trigger queries_board_deleted after delete on queries referencing old table as old_rows
      for each statement execute function campus_count_board_rows()`.execute(db);
    return;
  }
  const board = (row: 'new' | 'old') => `(case when ${row}.solved_at is null then 0 else 1 end)`;
  await sql`
    create trigger queries_board_inserted after insert on queries when new.hidden_at is null
    begin
      update query_board_counts set total = total + 1 where solved = ${sql.raw(board('new'))};
    end`.execute(db);
  await sql`
    create trigger queries_board_deleted after delete on queries when old.hidden_at is null
    begin
      update query_board_counts set total = total - 1 where solved = ${sql.raw(board('old'))};
    end`.execute(db);
  await sql`
    create trigger queries_board_updated after update of solved_at, hidden_at on queries
    begin
      update query_board_counts set total = total - 1
        where old.hidden_at is null and solved = ${sql.raw(board('old'))};
      update query_board_counts set total = total + 1
        where new.hidden_at is null and solved = ${sql.raw(board('new'))};
    end`.execute(db);
}
