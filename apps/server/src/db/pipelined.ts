/**
 * Statements handed to one connection back to back, without waiting for each answer. PostgreSQL's
 * connections are pipelined (decision record 0096), so they travel in one round trip: under a full
 * event loop each round trip costs a turn of it, and a write's transaction holds its pool connection
 * for all of them.
 */
import { CompiledQuery, type Kysely, type QueryId, type QueryResult } from 'kysely';
import type { Database } from './schema';

const partsOf = new WeakMap<QueryId, readonly CompiledQuery[]>();

/** One query made of `parts`; run, it answers each part's result, in order, as its rows. */
export function together(parts: readonly CompiledQuery[]): CompiledQuery<QueryResult<unknown>> {
  const query = CompiledQuery.raw('-- together', []) as CompiledQuery<QueryResult<unknown>>;
  partsOf.set(query.queryId, parts);
  return query;
}

/**
 * Runs a query made by `together` with `execute`, each part started before the last has answered:
 * a failed part fails the whole, once every part has settled (a transaction's later parts fail with it).
 * Answers undefined for any other query.
 */
export function runTogether<R>(
  query: CompiledQuery,
  execute: (part: CompiledQuery) => Promise<QueryResult<unknown>>,
): Promise<QueryResult<R>> | undefined {
  const parts = partsOf.get(query.queryId);
  if (!parts) return undefined;
  return Promise.allSettled(parts.map(execute)).then((settled) => {
    const answers: QueryResult<unknown>[] = [];
    for (const part of settled) {
      if (part.status === 'rejected') throw part.reason;
      answers.push(part.value);
    }
    return { rows: answers as R[] };
  });
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * A transaction whose `begin` and `first` statements go in one round trip: `rest` gets their answers
 * and runs on the transaction's connection (never opening a transaction of its own), then the
 * transaction commits, or rolls back on any failure.
 */
export async function transactionSentAhead<T>(
  db: Kysely<Database>,
  first: readonly CompiledQuery[],
  rest: (trx: Kysely<Database>, answers: QueryResult<unknown>[]) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    try {
      const { rows } = await connection.executeQuery(together([BEGIN, ...first]));
      const result = await rest(connection, rows.slice(1));
      await connection.executeQuery(COMMIT);
      return result;
    } catch (error) {
      // After a failed commit there is no transaction left, and the rollback only warns.
      await connection.executeQuery(ROLLBACK).catch(() => undefined);
      throw error;
    }
  });
}
