/**
 * The lease the mail, push and webhook queues share (decision records 0034, 0085, 0088). A message is
 * a row; every instance's worker claims due rows with a conditional UPDATE only one of them can win:
 * on SQLite (one writer) and PostgreSQL (row lock, re-check of the WHERE after a concurrent update)
 * only one instance's update changes the row. Ending a claim is conditional on still owning the lease.
 * A failure is due again later, waiting twice as long each time, up to a limit; a lease that ran out
 * (its instance stopped mid-send) makes the row due again.
 */
import { randomUUID } from 'node:crypto';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';

export type LeasedTable = 'mail_queue' | 'push_queue' | 'webhook_deliveries';

/** A row of a leased table: by `id`, and by `endpoint_id` too where the key has two columns. */
export interface RowKey {
  id: string;
  endpoint_id?: string;
}

export interface LeaseSettings<T extends LeasedTable> {
  table: T;
  /** How long a claimed row is this worker's before another may take it. */
  leaseMs: number;
  /** Attempts before a row is given up as failed. */
  maxAttempts: number;
  /** The wait after the first failure; it doubles with each further one. */
  backoffMs: number;
  /** How much of a failure's message is kept. */
  maxErrorLength: number;
  now: () => number;
}

/** The columns every leased table has: what this file reads and writes. */
interface LeaseColumns {
  id: string;
  endpoint_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
}
type LeaseSchema = Record<LeasedTable, LeaseColumns>;
type LeaseDb = Kysely<LeaseSchema>;
type LeaseUpdate = Updateable<LeaseColumns>;

export const iso = (ms: number) => new Date(ms).toISOString();

/** The lease columns of a row queued at `at`: due at once, never tried, claimed by no one. */
export const freshLease = (at: string) => ({
  status: 'pending' as const,
  attempts: 0,
  next_attempt_at: at,
  lease_owner: null,
  lease_until: null,
  last_error: null,
});

/**
 * A row that may be claimed at `at`: waiting and due, or claimed by a worker whose lease ran out.
 * `alias` names the table where a query joins others.
 */
export function claimableAt(at: string, alias?: string): Expression<SqlBool> {
  const col = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return sql<SqlBool>`((${col('status')} = ${'pending'} and ${col('next_attempt_at')} <= ${at}) or (${col('status')} = ${'sending'} and ${col('lease_until')} < ${at}))`;
}

export function leasedQueue<T extends LeasedTable>(db: Db, settings: LeaseSettings<T>) {
  const owner = randomUUID();
  // The three tables differ beyond these columns; the lease needs only those.
  const leased = db as unknown as LeaseDb;
  const table: LeasedTable = settings.table;

  const keyIs = (key: RowKey) => (eb: ExpressionBuilder<LeaseSchema, LeasedTable>) =>
    key.endpoint_id === undefined
      ? eb('id', '=', key.id)
      : eb.and([eb('endpoint_id', '=', key.endpoint_id), eb('id', '=', key.id)]);

  /** Tries to take one row: true when this worker won it. */
  async function claim(key: RowKey, at: string): Promise<boolean> {
    const result = await leased
      .updateTable(table)
      .set((eb) => ({
        status: 'sending',
        lease_owner: owner,
        lease_until: iso(Date.parse(at) + settings.leaseMs),
        attempts: eb('attempts', '+', 1),
      }))
      .where(keyIs(key))
      .where(claimableAt(at))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Claims what it can win of `candidates`, one by one; answers those it won. */
  async function claimEach<K extends RowKey>(candidates: readonly K[], at: string): Promise<K[]> {
    const won: K[] = [];
    for (const key of candidates) if (await claim(key, at)) won.push(key);
    return won;
  }

  /** Ends a claim this worker still owns: the lease goes, and `values` are written. */
  async function end(key: RowKey, values: LeaseUpdate): Promise<void> {
    await leased
      .updateTable(table)
      .set({ ...values, lease_owner: null, lease_until: null })
      .where(keyIs(key))
      .where('lease_owner', '=', owner)
      .execute();
  }

  return {
    owner,
    claimEach,

    /** Ends a claim this worker still owns (sent, gone…): the lease goes, and `values` are written. */
    release(key: RowKey, values: Updateable<Database[T]>): Promise<void> {
      return end(key, values);
    },

    /** Claims the due rows it can win (at most `limit`), oldest due first, without sending them. */
    async claimDue(limit: number): Promise<string[]> {
      const at = iso(settings.now());
      const candidates = await leased
        .selectFrom(table)
        .select('id')
        .where(claimableAt(at))
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      return (await claimEach(candidates, at)).map((c) => c.id);
    },

    /**
     * A claimed row's attempt failed: due again after the backoff, or given up (`failed`) after the
     * last attempt, or at once when `final` (trying again cannot help). Answers which.
     */
    async fail(
      key: RowKey,
      attempt: { attempts: number; error: string; final?: boolean },
      values: Updateable<Database[T]> = {},
    ): Promise<'failed' | 'retry'> {
      const failed = attempt.final === true || attempt.attempts >= settings.maxAttempts;
      await end(key, {
        ...(values as LeaseUpdate),
        status: failed ? 'failed' : 'pending',
        next_attempt_at: iso(settings.now() + settings.backoffMs * 2 ** (attempt.attempts - 1)),
        last_error: attempt.error.slice(0, settings.maxErrorLength),
      });
      return failed ? 'failed' : 'retry';
    },
  };
}

export type LeasedQueue<T extends LeasedTable> = ReturnType<typeof leasedQueue<T>>;
