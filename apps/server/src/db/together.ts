/**
 * Writes that land together or not at all, in as few round trips as the database allows: on
 * PostgreSQL one statement, every part but the last a part of its `with` (PostgreSQL runs each to
 * completion whether or not the last refers to it; foreign keys and statement triggers run at the
 * end, with every row there); on SQLite one transaction. A change and its audit entries are written
 * this way (decision record 0046).
 */
import { sql, type OperationNodeSource } from 'kysely';
import type { Db, Dialect } from './index';

export async function writeTogether(
  db: Db,
  dialect: Dialect,
  /** The handle that says whose rows the parts change (`writingRowsOf`), from the one given. */
  scoped: (on: Db) => Db,
  /** Writes, built on any handle: query builders or `sql` text. */
  parts: readonly OperationNodeSource[],
): Promise<void> {
  const last = parts.at(-1);
  if (last === undefined) return;
  if (parts.length === 1) {
    await sql`${last}`.execute(scoped(db));
  } else if (dialect === 'postgres') {
    const before = parts.slice(0, -1).map((part, n) => sql`${sql.raw(`written_${n}`)} as (${part})`);
    await sql`with ${sql.join(before)} ${last}`.execute(scoped(db));
  } else {
    await db.transaction().execute(async (trx) => {
      for (const part of parts) await sql`${part}`.execute(scoped(trx));
    });
  }
}
