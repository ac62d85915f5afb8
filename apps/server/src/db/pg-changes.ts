/**
 * Knowing which tables changed, on PostgreSQL, with several server instances on one database, so
 * that answers can be cached there as safely as on SQLite (decision records 0008 and 0009).
 *
 * - **Hearing of changes.** Statement triggers on every table a cached read may name send
 *   `schema.table` on `campus_changes` when a statement changed rows, as its transaction commits,
 *   whoever wrote (another instance, a seed, psql). Each instance listens on one connection of its
 *   own and counts the changes per table.
 * - **A write is answered only once every other instance has heard of it.** After a request that may have
 *   changed such a table, the instance sends a barrier on `campus_barrier`; PostgreSQL delivers notifications in commit
 *   order, so an instance that hears the barrier has heard every change committed before it, and
 *   says so on `campus_ack`. The request's answer waits for every instance that may cache (rows of
 *   `cache_members` whose lease has not run out) to say so, or for its lease to run out. Barriers
 *   are shared: writes that finished before one was sent all wait on it.
 * - **Its own writes** an instance counts itself, as each commits (a statement alone at once, one
 *   in a transaction at its commit), and it does not count their notifications again: they come
 *   from its own pool's connections. A read that starts after the count sees the write.
 * - **Leases.** An instance serves from memory only while its lease is good: it renews it every
 *   second for three, and counts the lease from before it asked, so it always ends here before a
 *   writer stops waiting for it. When the lease lapsed or the connection was lost, everything kept
 *   before is dropped.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  ChangeCounts,
  currentWriteScopes,
  readsOfCachedLoad,
  readTables,
  writeTarget,
  type ChangeLog,
  type ChangeTracker,
  type Stamp,
  type StudentTable,
  type WatchedRows,
} from './changes';
import { CACHED_TABLES } from './read-cache';

const CHANGES_CHANNEL = 'campus_changes';
export const BARRIER_CHANNEL = 'campus_barrier';
const ACK_CHANNEL = 'campus_ack';

/** How long a renewed lease lasts, how often it is renewed, and what is kept back for clock drift. */
const LEASE_MS = 3000;
const RENEW_EVERY_MS = 1000;
const MARGIN_MS = 100;
const RECONNECT_AFTER_MS = 1000;

const READ_ONLY = /^\s*select\b/i;
const TRANSACTION_STARTS = /^\s*(?:begin|start\s+transaction)\b/i;
const TRANSACTION_ENDS = /^\s*(?:commit|end|rollback|abort)\b/i;
const TO_SAVEPOINT = /\bto\b/i;

/** A pool connection as `observe` follows it: the counts its open transaction will make at commit. */
export interface Connection {
  pending: (() => void)[] | undefined;
}
const CACHED: ReadonlySet<string> = new Set(CACHED_TABLES);

interface Round {
  /** Instances known to have heard the barrier. */
  readonly acked: Set<string>;
  wake: (() => void) | undefined;
}

export class PgChanges implements ChangeTracker {
  /** This instance, as `cache_members` and the barriers name it. */
  readonly id = randomUUID();

  private readonly counts = new ChangeCounts();
  /** The server processes of this instance's pool connections (`connected`). */
  private readonly ownProcesses = new Set<number>();
  /** Moves whenever what was kept before can no longer be trusted. */
  private epoch = 0;
  /** Until when (in `performance.now()` time) answers may be served from memory. */
  private leaseUntil = 0;

  private schema: string | undefined;
  /** The connection being made or in use; `listener` once it listens. */
  private client: pg.Client | undefined;
  private listener: pg.Client | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = true;
  private log: ChangeLog = { warn: () => {} };

  /** Statements that may have changed a cached table, finished by this instance. */
  private writes = 0;
  /** Writes every instance is known to have heard of. */
  private settledUpTo = 0;
  private seq = 0;
  private readonly rounds = new Map<number, Round>();
  private inFlight: { covers: number; done: Promise<void> } | undefined;
  /** The next round's waiters; `force` when one needs every change before it heard here too. */
  private next: { promise: Promise<void>; resolve: () => void; force: boolean } | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connection: pg.ClientConfig,
  ) {}

  outside(): number | undefined {
    return performance.now() < this.leaseUntil ? this.epoch : undefined;
  }

  watch(table: StudentTable, rollNos: readonly number[]): WatchedRows {
    return this.counts.watch(table, rollNos);
  }

  stamp(tables: readonly string[]): Stamp {
    // A lapsed lease gives a stamp equal to none (NaN), so nothing is served or kept meanwhile.
    const outside = performance.now() < this.leaseUntil ? this.epoch : Number.NaN;
    return { outside, local: this.counts.sum(tables) };
  }

  /**
   * A connection of this instance's pool, by its server process: what that process writes this
   * instance counts itself, once the write is committed, so its notifications are not heard again.
   */
  connected(client: pg.PoolClient): Connection {
    const connection: Connection = { pending: undefined };
    const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
    if (typeof pid === 'number') this.ownProcesses.add(pid);
    return connection;
  }

  /** A connection of the pool closed: its server process is no longer this instance's. */
  disconnected(client: pg.PoolClient): void {
    const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
    if (typeof pid === 'number') this.ownProcesses.delete(pid);
  }

  /**
   * Called by the pool's connections for each statement they run. A write is counted once it is
   * committed: at once outside a transaction, at its commit inside one, so that a read which starts
   * after the count always sees the write.
   */
  observe(text: string, result: Promise<unknown>, connection?: Connection): void {
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
        for (const count of pending) count();
      };
      result.then(commit, commit);
      return;
    }
    if (READ_ONLY.test(text)) return;
    const target = writeTarget(text, false);
    // Tables no cached read names are neither heard of nor waited for (migration 0005).
    if (target === null || (target !== 'all' && !target.some((table) => CACHED.has(table)))) return;
    // Whose rows of the student tables it says it writes, taken now, while its caller's context holds.
    const scopes = currentWriteScopes();
    const finished = () => {
      this.writes++;
      this.counts.write(target, scopes);
    };
    // An insert or update of one table that changed no row changed nothing: its table's triggers say
    // nothing either, so there is nothing for the other instances to hear of.
    const changed = (answer: unknown) =>
      target === 'all' || (answer as Partial<pg.QueryResult> | undefined)?.rowCount !== 0;
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

  /** Connects the listening connection and takes the first lease; retries in the background. */
  async start(log: ChangeLog): Promise<void> {
    if (!this.stopped) return;
    this.log = log;
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.renewTimer);
    this.leaseUntil = 0;
    const client = this.listener;
    this.client = undefined;
    this.listener = undefined;
    for (const round of this.rounds.values()) round.wake?.();
    if (!client) return;
    try {
      await client.query('delete from cache_members where id = $1', [this.id]);
    } catch {
      // The row's lease runs out by itself.
    }
    await client.end().catch(() => undefined);
  }

  /**
   * Resolves once every instance that may cache has heard of every write this one had finished when
   * it was called (at once when there were none since the last barrier); `force` always sends one,
   * and waits for this instance to hear it too, so that every change committed before has been heard.
   * Never rejects: when a barrier cannot be sent, it waits for every lease to run out instead.
   */
  settle(force = false): Promise<void> | undefined {
    const needed = force ? Number.POSITIVE_INFINITY : this.writes;
    if (needed <= this.settledUpTo) return undefined;
    if (this.inFlight && this.inFlight.covers >= needed) return this.inFlight.done;
    if (!this.next) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.next = { promise, resolve, force };
    }
    if (force) this.next.force = true;
    const { promise } = this.next;
    if (!this.inFlight) this.startRound();
    return promise;
  }

  private startRound(): void {
    const waiting = this.next!;
    this.next = undefined;
    const covers = this.writes;
    const done = this.barrier(waiting.force).then(() => {
      this.settledUpTo = Math.max(this.settledUpTo, covers);
      this.inFlight = undefined;
      if (this.next) this.startRound();
    });
    this.inFlight = { covers, done };
    void done.then(waiting.resolve);
  }

  private async barrier(heardByThis: boolean): Promise<void> {
    const seq = ++this.seq;
    const round: Round = { acked: new Set(), wake: undefined };
    this.rounds.set(seq, round);
    try {
      this.schema ??= (
        await this.pool.query<{ schema: string }>('select current_schema() as schema')
      ).rows[0]!.schema;
      // Sent on the listening connection when there is one: it is idle between renewals, where the
      // pool's connections may all be busy with the requests the barrier keeps waiting.
      const { rows } = await (this.listener ?? this.pool).query<{ members: [string, number][] }>(
        `select pg_notify($1, $2) as sent,
           (select coalesce(json_agg(json_build_array(id, extract(epoch from lease_until - now()) * 1000)), '[]')
              from cache_members where lease_until > now()) as members`,
        [BARRIER_CHANNEL, `${this.schema}|${this.id}|${seq}`],
      );
      const started = performance.now();
      const deadlines = new Map<string, number>();
      for (const [member, ms] of rows[0]!.members) {
        // This instance counted its own writes as they committed (`observe`): a write waits for the
        // others. Hearing its own barrier is needed only to have heard every change before it, and
        // only while it serves from memory.
        if (member === this.id && !(heardByThis && this.outside() !== undefined)) continue;
        deadlines.set(member, started + ms + MARGIN_MS);
      }
      for (;;) {
        const now = performance.now();
        let soonest = Number.POSITIVE_INFINITY;
        for (const [member, deadline] of deadlines) {
          const done =
            round.acked.has(member) ||
            deadline <= now ||
            (member === this.id && this.outside() === undefined);
          if (done) deadlines.delete(member);
          else soonest = Math.min(soonest, deadline);
        }
        if (deadlines.size === 0) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, soonest - now);
          round.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } catch (err) {
      this.log.warn({ err }, 'could not send a cache barrier; waiting for every lease to run out');
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS + MARGIN_MS));
    } finally {
      this.rounds.delete(seq);
    }
  }

  private hear(message: pg.Notification): void {
    const payload = message.payload ?? '';
    if (message.channel === CHANGES_CHANNEL) {
      // Written through this instance's own pool: counted already, as it committed (`observe`).
      // A connection's process is forgotten as the pool drops it, long before its number is reused.
      if (this.ownProcesses.has(message.processId)) return;
      // `schema.table`, or `schema.table#230001,230002` for those students' rows (migration 0022), or
      // `schema.notifications#<account id>,…` for those accounts' (migration 0026).
      const dot = payload.indexOf('.');
      if (payload.slice(0, dot) !== this.schema) return;
      const [table, rollNos] = payload.slice(dot + 1).split('#');
      this.counts.table(table!, rollNos?.split(','));
      return;
    }
    const [schema, writer, seq, member] = payload.split('|');
    if (schema !== this.schema || writer === undefined) return;
    if (message.channel === BARRIER_CHANNEL) {
      if (writer === this.id) this.acknowledged(Number(seq), this.id);
      else {
        this.listener
          ?.query('select pg_notify($1, $2)', [ACK_CHANNEL, `${schema}|${writer}|${seq}|${this.id}`])
          .catch((err: unknown) => this.log.warn({ err }, 'could not acknowledge a cache barrier'));
      }
    } else if (message.channel === ACK_CHANNEL && writer === this.id && member) {
      this.acknowledged(Number(seq), member);
    }
  }

  private acknowledged(seq: number, member: string): void {
    const round = this.rounds.get(seq);
    if (!round) return;
    round.acked.add(member);
    round.wake?.();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...this.connection, application_name: `campus-changes ${this.id}` });
    this.client = client;
    client.on('notification', (message) => this.hear(message));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      this.schema = rows[0]!.schema;
      await client.query(`listen ${CHANGES_CHANNEL}; listen ${BARRIER_CHANNEL}; listen ${ACK_CHANNEL}`);
      // Lost, or stopped, meanwhile.
      if (client !== this.client) {
        await client.end().catch(() => undefined);
        return;
      }
      this.listener = client;
      // Instances that ended without signing off (killed, say) leave their rows behind.
      await client.query(`delete from cache_members where lease_until < now() - interval '1 hour'`);
      await this.renew(client);
      this.renewTimer = setInterval(() => void this.renew(client), RENEW_EVERY_MS).unref();
    } catch (err) {
      this.lost(client, err);
    }
  }

  private async renew(client: pg.Client): Promise<void> {
    const asked = performance.now();
    try {
      await client.query(
        `insert into cache_members (id, lease_until) values ($1, now() + $2 * interval '1 millisecond')
         on conflict (id) do update set lease_until = excluded.lease_until`,
        [this.id, LEASE_MS],
      );
    } catch (err) {
      this.log.warn({ err }, 'could not renew the cache lease');
      return;
    }
    if (client !== this.listener) return;
    // Writers may have stopped waiting for this instance while its lease was out.
    if (performance.now() >= this.leaseUntil) this.epoch++;
    this.leaseUntil = asked + LEASE_MS - MARGIN_MS;
  }

  /** The connection failed or ended: nothing kept so far is trusted, and it is made again. */
  private lost(client: pg.Client, err?: unknown): void {
    client.end().catch(() => undefined);
    if (client !== this.client) return;
    this.client = undefined;
    this.listener = undefined;
    this.leaseUntil = 0;
    this.epoch++;
    clearInterval(this.renewTimer);
    // Nobody waits for this instance's own barrier while it keeps nothing.
    for (const round of this.rounds.values()) round.wake?.();
    if (this.stopped) return;
    if (err)
      this.log.warn({ err }, 'lost the connection that hears of changes; caching is off until it is back');
    this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_AFTER_MS).unref();
  }
}
