/**
 * On PostgreSQL a new question adds itself to its board's count as its transaction commits, not as
 * it is inserted. Counted at the insert, the board's count row stayed locked until the commit, so
 * questions asked at once waited for each other's whole transaction (the tags, the round trips in
 * between); now they wait only for each other's commit. The count is a sum of changes, so the
 * order in which an insert's count and a later change in the same transaction land does not matter.
 * SQLite, with one writer at a time, keeps counting as rows are inserted.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function campus_count_board_row_inserted() returns trigger language plpgsql as $$
    begin
      if new.hidden_at is null then
        update query_board_counts set total = total + 1
        where solved = case when new.solved_at is null then 0 else 1 end;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger queries_board_inserted on queries`.execute(db);
  await sql`
    create constraint trigger queries_board_inserted after insert on queries
    deferrable initially deferred for each row execute function campus_count_board_row_inserted()`.execute(
    db,
  );
}
