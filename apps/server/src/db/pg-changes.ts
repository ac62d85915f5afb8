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
 * - **Alone, no barrier** (decision record 0042). Each renewal also counts the other instances whose
 *   lease is good. One that saw none, a second or more into its lease, answers its writes without a
 *   barrier for the next `ALONE_FOR_MS`. An instance that takes a lease while others hold one (or
 *   whose taking was slow) serves from memory only `JOIN_GRACE_MS` later, longer than any such
 *   window that began before it joined; one that saw nobody serves at once, as nobody can have
 *   begun such a window in the moment its own statement ran.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { oneAtATime } from './one-at-a-time';
import {
  ChangeCounts,
  currentWriteScopes,
  readsOfCachedLoad,
  readTables,
  tableOf,
  WITH,
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
/** How long an instance that saw no other one answers writes without a barrier, from when it asked. */
const ALONE_FOR_MS = 2 * RENEW_EVERY_MS - MARGIN_MS;
/** How long a joining instance that saw others waits before it serves from memory: longer than `ALONE_FOR_MS`. */
const JOIN_GRACE_MS = 2 * RENEW_EVERY_MS;
/** A lease taken faster than this, seeing nobody, cannot have crossed another's alone window. */
const QUICK_JOIN_MS = RENEW_EVERY_MS / 2;
/** How long into its lease an instance must be before it may count itself alone: more than `QUICK_JOIN_MS`. */
const SETTLED_AFTER_MS = RENEW_EVERY_MS;

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
  /** When the lease held now was taken, and from when it lets answers be served from memory. */
  private joinedAt = 0;
  private servesFrom = 0;
  /** When the last renewal that saw no other instance was asked (undefined: it saw one). */
  private aloneAsked: number | undefined;

  private schema: string | undefined;
  /** The connection being made or in use; `listener` once it listens. */
  private client: pg.Client | undefined;
  private listener: pg.Client | undefined;
  /** Queries on the listening connection, one at a time (the barrier, acknowledgements, renewals). */
  private readonly onListener = oneAtATime();
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
    return this.serving() ? this.epoch : undefined;
  }

  private serving(): boolean {
    const now = performance.now();
    return now < this.leaseUntil && now >= this.servesFrom;
  }

  /** No other instance may keep answers in memory now (see the notes at the top). */
  private alone(): boolean {
    if (this.listener === undefined || this.aloneAsked === undefined) return false;
    return performance.now() < Math.min(this.aloneAsked + ALONE_FOR_MS, this.leaseUntil);
  }

  watch(table: StudentTable, rollNos: readonly number[]): WatchedRows {
    return this.counts.watch(table, rollNos);
  }

  stamp(tables: readonly string[]): Stamp {
    // A lapsed lease gives a stamp equal to none (NaN), so nothing is served or kept meanwhile.
    const outside = this.serving() ? this.epoch : Number.NaN;
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
    if (target === null || (target !== 'all' && !target.some((table) => CACHED.has(tableOf(table))))) {
      return;
    }
    // Whose rows of the student tables it says it writes, taken now, while the driver hands it over.
    const scopes = currentWriteScopes();
    const finished = () => {
      this.writes++;
      this.counts.write(target, scopes);
    };
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
    this.aloneAsked = undefined;
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
   * Alone, no other instance can have kept what the writes changed: nothing is sent.
   */
  settle(force = false): Promise<void> | undefined {
    const needed = force ? Number.POSITIVE_INFINITY : this.writes;
    if (needed <= this.settledUpTo) return undefined;
    if (!force && this.alone()) {
      this.settledUpTo = needed;
      return undefined;
    }
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
      // Named, so that each connection plans it once rather than on every barrier.
      const barrier = {
        name: 'campus_barrier',
        text: `select pg_notify($1, $2) as sent,
           (select coalesce(json_agg(json_build_array(id, extract(epoch from lease_until - now()) * 1000)), '[]')
              from cache_members where lease_until > now()) as members`,
        values: [BARRIER_CHANNEL, `${this.schema}|${this.id}|${seq}`],
      };
      const listener = this.listener;
      const { rows } = listener
        ? await this.onListener(() => listener.query<{ members: [string, number][] }>(barrier))
        : await this.pool.query<{ members: [string, number][] }>(barrier);
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
        const listener = this.listener;
        if (listener) {
          this.onListener(() =>
            listener.query('select pg_notify($1, $2)', [
              ACK_CHANNEL,
              `${schema}|${writer}|${seq}|${this.id}`,
            ]),
          ).catch((err: unknown) => this.log.warn({ err }, 'could not acknowledge a cache barrier'));
        }
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
      await this.onListener(() =>
        client.query(`delete from cache_members where lease_until < now() - interval '1 hour'`),
      );
      await this.renew(client);
      this.renewTimer = setInterval(() => void this.renew(client), RENEW_EVERY_MS).unref();
    } catch (err) {
      this.lost(client, err);
    }
  }

  private async renew(client: pg.Client): Promise<void> {
    const asked = performance.now();
    let others: number;
    try {
      const { rows } = await this.onListener(() =>
        client.query<{ others: number }>(
          `with renewed as (
           insert into cache_members (id, lease_until) values ($1, now() + $2 * interval '1 millisecond')
           on conflict (id) do update set lease_until = excluded.lease_until)
         select count(*)::int as others from cache_members where id <> $1 and lease_until > now()`,
          [this.id, LEASE_MS],
        ),
      );
      others = rows[0]!.others;
    } catch (err) {
      this.log.warn({ err }, 'could not renew the cache lease');
      return;
    }
    if (client !== this.listener) return;
    const now = performance.now();
    if (now >= this.leaseUntil) {
      // A new lease. Writers may have stopped waiting for this instance while its lease was out, and
      // another instance may be answering writes without a barrier, having seen nobody.
      this.epoch++;
      this.joinedAt = now;
      this.servesFrom = others === 0 && now - asked < QUICK_JOIN_MS ? now : now + JOIN_GRACE_MS;
    }
    this.leaseUntil = asked + LEASE_MS - MARGIN_MS;
    this.aloneAsked = others === 0 && asked >= this.joinedAt + SETTLED_AFTER_MS ? asked : undefined;
  }

  /** The connection failed or ended: nothing kept so far is trusted, and it is made again. */
  private lost(client: pg.Client, err?: unknown): void {
    client.end().catch(() => undefined);
    if (client !== this.client) return;
    this.client = undefined;
    this.listener = undefined;
    this.leaseUntil = 0;
    this.aloneAsked = undefined;
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
