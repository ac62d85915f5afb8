/**
 * An instance's own writes, read from the statements its pool's connections run (pg-changes.ts): which
 * may have changed a cached table, and when each is committed (a statement alone at once, one in a
 * transaction at its commit), so that a read which starts after the count always sees the write.
 */
import type pg from 'pg';
import {
  currentWriteScopes,
  readsOfCachedLoad,
  readTables,
  tableOf,
  WITH,
  writeTarget,
  type WriteTarget,
} from './changes';
import { CACHED_TABLES } from './read-cache';

const READ_ONLY = /^\s*select\b/i;
const TRANSACTION_STARTS = /^\s*(?:begin|start\s+transaction)\b/i;
const TRANSACTION_ENDS = /^\s*(?:commit|end|rollback|abort)\b/i;
const TO_SAVEPOINT = /\bto\b/i;

const CACHED: ReadonlySet<string> = new Set(CACHED_TABLES);

/** A pool connection as `observe` follows it: the counts its open transaction will make at commit. */
export interface Connection {
  pending: (() => void)[] | undefined;
}

/** Counts one committed write: what it may have changed, and whose rows (`currentWriteScopes`). */
export type CountWrite = (target: WriteTarget, scopes: ReturnType<typeof currentWriteScopes>) => void;

/**
 * Follows one statement a pool connection runs: the tables a cached load reads, a transaction's
 * start and end, and a write to a cached table, handed to `count` once it is committed.
 */
export function observeStatement(
  text: string,
  result: Promise<unknown>,
  connection: Connection | undefined,
  count: CountWrite,
): void {
  const seen = readsOfCachedLoad.getStore();
  if (seen) for (const table of readTables(text)) seen.add(table);
  if (connection && TRANSACTION_STARTS.test(text)) {
    connection.pending = [];
    return;
  }
  if (connection?.pending && TRANSACTION_ENDS.test(text) && !TO_SAVEPOINT.test(text)) {
    const pending = connection.pending;
    connection.pending = undefined;
    // A rollback changed nothing; a commit that failed did not either, but counting is harmless.
    if (/^\s*rollback/i.test(text)) return;
    const commit = () => {
      for (const counted of pending) counted();
    };
    result.then(commit, commit);
    return;
  }
  if (READ_ONLY.test(text)) return;
  const target = writeTarget(text, false);
  // Tables no cached read names are neither heard of nor waited for (migration 0005).
  if (target === null || (target !== 'all' && !target.some((table) => CACHED.has(tableOf(table))))) {
    return;
  }
  // Whose rows of the student tables it says it writes, taken now, while the driver hands it over.
  const scopes = currentWriteScopes();
  const finished = () => count(target, scopes);
  // An insert or update of one table that changed no row changed nothing: its table's triggers say
  // nothing either, so there is nothing for the other instances to hear of. A statement that writes
  // several tables (`with`) answers the row count of its last part only, so it always counts.
  const changed = (answer: unknown) =>
    target === 'all' || WITH.test(text) || (answer as Partial<pg.QueryResult> | undefined)?.rowCount !== 0;
  const pending = connection?.pending;
  if (pending) {
    result.then(
      (answer) => changed(answer) && pending.push(finished),
      () => pending.push(finished),
    );
    return;
  }
  result.then((answer) => changed(answer) && finished(), finished);
}
