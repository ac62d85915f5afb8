/**
 * The connection an instance listens on for changes, barriers and acknowledgements (pg-changes.ts),
 * and the lease it renews on it: answers are served from memory only while the lease is good, and
 * `alone` tells when the last renewal saw no other instance (decision records 0008 and 0042).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChangeLog } from './changes';
import { oneAtATime } from './one-at-a-time';

export const CHANGES_CHANNEL = 'campus_changes';
export const BARRIER_CHANNEL = 'campus_barrier';
export const ACK_CHANNEL = 'campus_ack';

/** How long a renewed lease lasts, how often it is renewed, and what is kept back for clock drift. */
export const LEASE_MS = 3000;
const RENEW_EVERY_MS = 1000;
export const MARGIN_MS = 100;
const RECONNECT_AFTER_MS = 1000;
/** How long an instance that saw no other one answers writes without a barrier, from when it asked. */
const ALONE_FOR_MS = 2 * RENEW_EVERY_MS - MARGIN_MS;
/** How long a joining instance that saw others waits before it serves from memory: longer than `ALONE_FOR_MS`. */
const JOIN_GRACE_MS = 2 * RENEW_EVERY_MS;
/** A lease taken faster than this, seeing nobody, cannot have crossed another's alone window. */
const QUICK_JOIN_MS = RENEW_EVERY_MS / 2;
/** How long into its lease an instance must be before it may count itself alone: more than `QUICK_JOIN_MS`. */
const SETTLED_AFTER_MS = RENEW_EVERY_MS;

/** What the listening connection tells the instance. */
export interface ListenerEvents {
  /** A notification on one of the channels. */
  hear(message: pg.Notification): void;
  /** The connection was stopped or lost: this instance keeps nothing, and nobody need wait for it. */
  dropped(): void;
}

export class ChangeListener {
  /** This instance, as `cache_members` and the barriers name it. */
  readonly id = randomUUID();
  /** The schema this instance works in, as the notifications name it. */
  schema: string | undefined;
  /** Queries on the listening connection, one at a time (the barrier, acknowledgements, renewals). */
  readonly onListener = oneAtATime();
  log: ChangeLog = { warn: () => {} };

  /** Moves whenever what was kept before can no longer be trusted. */
  private epoch = 0;
  /** Until when (in `performance.now()` time) answers may be served from memory. */
  private leaseUntil = 0;
  /** When the lease held now was taken, and from when it lets answers be served from memory. */
  private joinedAt = 0;
  private servesFrom = 0;
  /** When the last renewal that saw no other instance was asked (undefined: it saw one). */
  private aloneAsked: number | undefined;

  /** The connection being made or in use; `listens` once it listens. */
  private client: pg.Client | undefined;
  private listens: pg.Client | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly events: ListenerEvents,
  ) {}

  /** The connection that listens, while it does. */
  get listening(): pg.Client | undefined {
    return this.listens;
  }

  outside(): number | undefined {
    return this.serving() ? this.epoch : undefined;
  }

  /** Where outside writes stand for a stamp: NaN, equal to none, while the lease has lapsed. */
  stampOutside(): number {
    return this.serving() ? this.epoch : Number.NaN;
  }

  private serving(): boolean {
    const now = performance.now();
    return now < this.leaseUntil && now >= this.servesFrom;
  }

  /** No other instance may keep answers in memory now (pg-changes.ts, "Alone, no barrier"). */
  alone(): boolean {
    if (this.listens === undefined || this.aloneAsked === undefined) return false;
    return performance.now() < Math.min(this.aloneAsked + ALONE_FOR_MS, this.leaseUntil);
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
    const client = this.listens;
    this.client = undefined;
    this.listens = undefined;
    this.events.dropped();
    if (!client) return;
    try {
      await client.query('delete from cache_members where id = $1', [this.id]);
    } catch {
      // The row's lease runs out by itself.
    }
    await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...this.connection, application_name: `campus-changes ${this.id}` });
    this.client = client;
    client.on('notification', (message) => this.events.hear(message));
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
      this.listens = client;
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
    if (client !== this.listens) return;
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
    this.listens = undefined;
    this.leaseUntil = 0;
    this.aloneAsked = undefined;
    this.epoch++;
    clearInterval(this.renewTimer);
    // Nobody waits for this instance's own barrier while it keeps nothing.
    this.events.dropped();
    if (this.stopped) return;
    if (err)
      this.log.warn({ err }, 'lost the connection that hears of changes; caching is off until it is back');
    this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_AFTER_MS).unref();
  }
}
