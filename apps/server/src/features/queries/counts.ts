/** How many questions a list holds: kept by the database for whole boards, in memory for the rest. */
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { countOf } from '../../lib/lists';
import { queryKeys } from './cache-keys';
import type { Keeper, ListPlan } from './plan';
import type { Select } from './rows';
import type { ListStatements } from './statements';

/** How many questions a board holds (not hidden), as the triggers of migration 0025 keep it. */
const boardCount = async (db: Db, solved: boolean): Promise<number> => {
  const row = await db
    .selectFrom('query_board_counts')
    .select('total')
    .where('solved', '=', solved ? 1 : 0)
    .executeTakeFirst();
  return row?.total ?? 0;
};

/**
 * How many questions there are, hidden or not: both boards' kept totals and the hidden ones (few,
 * from their own index, migration 0031), in one statement.
 */
const collectionCount = async (db: Db): Promise<number> => {
  const { rows } = await sql<{ total: number | string }>`
      select (select coalesce(sum(c.total), 0) from query_board_counts c)
        + (select count(*) from queries h where h.hidden_at is not null) as total`.execute(db);
  return Number(rows[0]?.total ?? 0);
};

/** A list's count from memory, read again only after questions change, when it may be kept. */
const keptCount = (
  plan: ListPlan,
  keep: Keeper,
  count: () => Promise<number>,
  outside: number | undefined,
): (() => Promise<number>) => {
  const read = queryKeys.count(plan);
  return read ? () => keep(read, count, outside) : count;
};

/**
 * How the plan's total is read: a whole board's and the whole collection's from the counts the
 * database keeps, any other from memory when it can be kept, or counted (`statements`, built only
 * when the count goes to the database).
 */
export function totalOf(
  db: Db,
  plan: ListPlan,
  statements: () => ListStatements,
  keep: Keeper | undefined,
  outside: number | undefined,
): () => Promise<number> {
  const { filter, countItself, byStudentsFirst } = plan;
  const count = () => {
    const { query, counted } = statements();
    return countOf(countItself && !byStudentsFirst ? (query as Select) : counted);
  };
  const wholeCollection =
    !countItself && filter.solved === undefined && filter.rollNo === undefined && filter.withHidden === true;
  return plan.wholeBoard
    ? () => boardCount(db, filter.solved!)
    : wholeCollection
      ? () => collectionCount(db)
      : keep
        ? keptCount(plan, keep, count, outside)
        : count;
}
