/**
 * Counters every instance shares (the `rate_limits` table): sign-in throttling and per-account write
 * limits count here, so that a limit holds across server processes and restarts.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from './index';

export interface Counter {
  key: string;
  hits: number;
  windowStart: number;
  lastAt: number;
  /** When the hit before the last one came, if any. */
  prevAt: number | null;
}

export interface Hit {
  key: string;
  /** A counter older than this starts again from one. */
  windowMs: number;
}

interface Row {
  key: string;
  hits: number | string;
  window_start: string;
  last_at: string;
  prev_at: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const toCounter = (row: Row): Counter => ({
  key: row.key,
  hits: Number(row.hits),
  windowStart: Date.parse(row.window_start),
  lastAt: Date.parse(row.last_at),
  prevAt: row.prev_at === null ? null : Date.parse(row.prev_at),
});

/**
 * One hit on a counter: a new counter starts at one, one whose window has passed starts again from
 * one, any other counts one more. Answers the counter as it now stands, `hits` through `checked`.
 */
function upsert(
  key: string,
  windowMs: number,
  now: number,
  checked: (hits: RawBuilder<unknown>) => RawBuilder<unknown>,
) {
  const at = iso(now);
  const cutoff = iso(now - windowMs);
  return sql<Row>`
    insert into rate_limits (key, hits, window_start, last_at, prev_at, expires_at)
    values (${key}, 1, ${at}, ${at}, null, ${iso(now + windowMs)})
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= ${cutoff} then ${at}
        else rate_limits.window_start end,
      prev_at = rate_limits.last_at,
      last_at = ${at},
      expires_at = ${iso(now + windowMs)}
    returning key, ${checked(sql.ref('hits'))} as hits, window_start, last_at, prev_at`;
}

export function limitsRepository(db: Db, dialect: Dialect) {
  return {
    /**
     * One hit on `key`, to be made with a write (`writeTogether`): on PostgreSQL the statement fails
     * with `OVER_ALLOWANCE` when the count goes over `limit`, taking the write with it.
     */
    hitWith(
      key: string,
      windowMs: number,
      limit: number,
      now: number,
    ): RawBuilder<{ hits: number | string }> {
      return upsert(key, windowMs, now, (hits) =>
        dialect === 'postgres' ? sql`campus_within_allowance(${hits}, ${limit})` : hits,
      );
    },

    /** The counters among `keys` that exist; whether a window has passed is for the caller to say. */
    async peek(keys: readonly string[]): Promise<Map<string, Counter>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('rate_limits')
        .select(['key', 'hits', 'window_start', 'last_at', 'prev_at'])
        .where('key', 'in', keys)
        .execute();
      return new Map(rows.map((row) => [row.key, toCounter(row)]));
    },

    /**
     * Counts one hit on each key in one transaction and answers the counters as they now stand.
     * Each upsert takes its row's lock (PostgreSQL) or runs under the one writer (SQLite), so two
     * requests never read the same count; keys are taken in one order so that two transactions
     * cannot wait for each other. One key needs no transaction around its one statement.
     */
    async hit(hits: readonly Hit[], now: number): Promise<Map<string, Counter>> {
      const sorted = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const count = async (trx: Db) => {
        const counters = new Map<string, Counter>();
        for (const { key, windowMs } of sorted) {
          const { rows } = await upsert(key, windowMs, now, (hits) => hits).execute(trx);
          counters.set(key, toCounter(rows[0]!));
        }
        return counters;
      };
      return sorted.length === 1 ? count(db) : db.transaction().execute(count);
    },

    /** Takes back one hit from each key (an attempt that turned out not to be a failure). */
    async unhit(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', 'in', keys)
        .where('hits', '>', 0)
        .execute();
    },

    async forget(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
    },

    /** Counters whose time is up: what the scheduled pruning removes. */
    async prune(now: number): Promise<number> {
      const result = await db.deleteFrom('rate_limits').where('expires_at', '<', iso(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type LimitsRepository = ReturnType<typeof limitsRepository>;
