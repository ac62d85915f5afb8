/**
 * Writes that land together or not at all, in as few round trips as the database allows: on
 * PostgreSQL one statement, every part but the last a part of its `with` (PostgreSQL runs each to
 * completion whether or not the last refers to it; foreign keys and statement triggers run at the
 * end, with every row there); on SQLite one transaction. A change and its audit entries are written
 * this way (decision record 0046), and so is the count of the change against its writer's hourly
 * allowance (decision record 0051).
 */
import { sql, type OperationNodeSource, type RawBuilder } from 'kysely';
import type { Db, Dialect } from './index';

/** What PostgreSQL answers when a count within a write finds the writer over their allowance. */
export const OVER_ALLOWANCE = 'P0429';

/**
 * A write's count against its writer's allowance, made in the write itself: a write over the
 * allowance is not made, and neither is its count.
 */
export interface CountedWrite {
  /**
   * The counter's upsert, returning the count as `hits`; on PostgreSQL it fails with
   * `OVER_ALLOWANCE` when the count is over `limit` (`campus_within_allowance`, migration 0033).
   */
  readonly count: RawBuilder<{ hits: number | string }>;
  readonly limit: number;
  /**
   * The write was over the allowance and nothing of it was kept: counts the attempt apart, and
   * throws the refusal; resolves when the count apart found room after all (a window ran out
   * between the two), and the write is then made on its own.
   */
  refused(): Promise<void>;
  /** The write and its count have landed. */
  landed(): void;
}

/** A write over its writer's allowance, found by its count in the write's own transaction (SQLite). */
export class OverAllowance extends Error {}

/** Whether a write failed for being over its writer's allowance, on either database. */
export const isOverAllowance = (error: unknown): boolean =>
  error instanceof OverAllowance || (error as { code?: unknown } | null)?.code === OVER_ALLOWANCE;

export async function writeTogether(
  db: Db,
  dialect: Dialect,
  /** The handle that says whose rows the parts change (`writingRowsOf`), from the one given. */
  scoped: (on: Db) => Db,
  /** Writes, built on any handle: query builders or `sql` text. */
  parts: readonly OperationNodeSource[],
  /** Counted with the write, in its statement (PostgreSQL) or transaction (SQLite). */
  counted?: CountedWrite,
): Promise<void> {
  if (!counted) return write(db, dialect, scoped, parts);
  try {
    if (dialect === 'postgres') {
      await write(db, dialect, scoped, [counted.count, ...parts]);
    } else {
      await db.transaction().execute(async (trx) => {
        const { rows } = await counted.count.execute(trx);
        if (Number(rows[0]!.hits) > counted.limit) throw new OverAllowance();
        for (const part of parts) await sql`${part}`.execute(scoped(trx));
      });
    }
  } catch (error) {
    if (!isOverAllowance(error)) throw error;
    await counted.refused();
    return write(db, dialect, scoped, parts);
  }
  counted.landed();
}

async function write(
  db: Db,
  dialect: Dialect,
  scoped: (on: Db) => Db,
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
