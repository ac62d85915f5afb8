/**
 * Knowing which tables changed, on PostgreSQL, with several server instances on one database, so
 * that answers can be cached there as safely as on SQLite (decision records 0008 and 0009).
 *
 * - **Hearing of changes.** Statement triggers on every table a cached read may name send
 *   `schema.table` on `campus_changes` when a statement changed rows, as its transaction commits,
 *   whoever wrote (another instance, a seed, psql). Each instance listens on one connection of its
 *   own (pg-listener.ts) and counts the changes per table.
 * - **A write is answered only once every other instance has heard of it** (pg-barriers.ts). After a
 *   request that may have changed such a table, the instance sends a barrier on `campus_barrier`;
 *   PostgreSQL delivers notifications in commit order, so an instance that hears the barrier has
 *   heard every change committed before it, and says so on `campus_ack`. The request's answer waits
 *   for every instance that may cache (rows of `cache_members` whose lease has not run out) to say
 *   so, or for its lease to run out. Barriers are shared: writes that finished before one was sent
 *   all wait on it.
 * - **Its own writes** an instance counts itself, as each commits (a statement alone at once, one
 *   in a transaction at its commit; pg-own-writes.ts), and it does not count their notifications
 *   again: they come from its own pool's connections. A read that starts after the count sees the
 *   write.
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
import type pg from 'pg';
import {
  ChangeCounts,
  type ChangeLog,
  type ChangeTracker,
  type Stamp,
  type StudentTable,
  type WatchedRows,
} from './changes';
import { Barriers } from './pg-barriers';
import { CHANGES_CHANNEL, ChangeListener } from './pg-listener';
import { observeStatement, type Connection } from './pg-own-writes';

export { BARRIER_CHANNEL } from './pg-listener';
export type { Connection } from './pg-own-writes';

export class PgChanges implements ChangeTracker {
  private readonly counts = new ChangeCounts();
  /** The server processes of this instance's pool connections (`connected`). */
  private readonly ownProcesses = new Set<number>();
  private readonly listener: ChangeListener;
  private readonly barriers: Barriers;

  constructor(pool: pg.Pool, connection: pg.ClientConfig) {
    this.listener = new ChangeListener(connection, {
      hear: (message) => this.hear(message),
      dropped: () => this.barriers.wake(),
    });
    this.barriers = new Barriers(pool, this.listener);
  }

  /** This instance, as `cache_members` and the barriers name it. */
  get id(): string {
    return this.listener.id;
  }

  outside(): number | undefined {
    return this.listener.outside();
  }

  /** No other instance may keep answers in memory now (see the notes at the top). */
  alone(): boolean {
    return this.listener.alone();
  }

  watch(table: StudentTable, rollNos: readonly number[]): WatchedRows {
    return this.counts.watch(table, rollNos);
  }

  stamp(tables: readonly string[]): Stamp {
    // A lapsed lease gives a stamp equal to none (NaN), so nothing is served or kept meanwhile.
    return { outside: this.listener.stampOutside(), local: this.counts.sum(tables) };
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
    observeStatement(text, result, connection, (target, scopes) => {
      this.barriers.wrote();
      this.counts.write(target, scopes);
    });
  }

  /** Connects the listening connection and takes the first lease; retries in the background. */
  start(log: ChangeLog): Promise<void> {
    return this.listener.start(log);
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  /**
   * Resolves once every instance that may cache has heard of every write this one had finished when
   * it was called (at once when there were none since the last barrier); `force` always sends one,
   * and waits for this instance to hear it too, so that every change committed before has been heard.
   * Never rejects: when a barrier cannot be sent, it waits for every lease to run out instead.
   * Alone, no other instance can have kept what the writes changed: nothing is sent.
   */
  settle(force = false): Promise<void> | undefined {
    return this.barriers.settle(force);
  }

  private hear(message: pg.Notification): void {
    const payload = message.payload ?? '';
    if (message.channel !== CHANGES_CHANNEL) {
      this.barriers.hear(message.channel, payload);
      return;
    }
    // Written through this instance's own pool: counted already, as it committed (`observe`).
    // A connection's process is forgotten as the pool drops it, long before its number is reused.
    if (this.ownProcesses.has(message.processId)) return;
    // `schema.table`, or `schema.table#230001,230002` for those students' rows (migration 0022), or
    // `schema.notifications#<account id>,…` for those accounts' (migration 0026).
    const dot = payload.indexOf('.');
    if (payload.slice(0, dot) !== this.listener.schema) return;
    const [table, rollNos] = payload.slice(dot + 1).split('#');
    this.counts.table(table!, rollNos?.split(','));
  }
}
