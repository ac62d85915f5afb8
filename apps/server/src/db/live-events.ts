/**
 * "This changed" messages for the people it concerns, heard by every instance: in this process on
 * SQLite (one process serves the file), and through PostgreSQL's LISTEN/NOTIFY on PostgreSQL, so an
 * event raised on one instance reaches a browser connected to another. Each instance keeps the
 * last messages it heard, so a reconnecting browser can be sent what it missed (`Last-Event-ID`).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { oneAtATime } from './one-at-a-time';
import type { LiveTopic, Role } from '@campus/contract';
import type { ChangeLog, ChangeTracker } from './changes';

/** Who a message is for: anyone it names in any of these ways. */
export interface Audience {
  accounts?: readonly string[];
  roles?: readonly Role[];
  /** The students of these groups. */
  studentGroups?: readonly string[];
  /** The mentors of these groups. */
  mentorsOf?: readonly string[];
}

export interface LiveMessage {
  id: string;
  audience: Audience;
  topics: LiveTopic[];
}

export type LiveListener = (message: LiveMessage) => void;

/** How many messages an instance keeps for browsers that reconnect. */
const KEPT = 2000;
const CHANNEL = 'campus_live';
const RECONNECT_AFTER_MS = 1000;

export abstract class LiveEvents {
  private readonly listeners = new Set<LiveListener>();
  private readonly kept: LiveMessage[] = [];
  private seq = 0;
  private readonly origin = randomUUID().slice(0, 8);

  /** Sends a message to every instance; it never throws (a lost update is refetched on focus). */
  publish(audience: Audience, topics: LiveTopic[]): void {
    this.seq++;
    this.send({ id: `${Date.now().toString(36)}-${this.origin}-${this.seq}`, audience, topics });
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The messages heard after `id`; undefined when `id` is no longer (or never was) kept. */
  since(id: string): LiveMessage[] | undefined {
    const at = this.kept.findIndex((m) => m.id === id);
    return at === -1 ? undefined : this.kept.slice(at + 1);
  }

  /** The id of the newest message kept: where a stream opened now would resume from. */
  get newestId(): string | undefined {
    return this.kept.at(-1)?.id;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  protected deliver(message: LiveMessage): void {
    this.kept.push(message);
    if (this.kept.length > KEPT) this.kept.splice(0, this.kept.length - KEPT);
    for (const listener of this.listeners) listener(message);
  }

  protected abstract send(message: LiveMessage): void;
  abstract start(log: ChangeLog): Promise<void>;
  abstract stop(): Promise<void>;
}

/** One process: messages go straight to its own listeners, after the current work. */
export class LocalLiveEvents extends LiveEvents {
  protected send(message: LiveMessage): void {
    setImmediate(() => this.deliver(message));
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * PostgreSQL: `pg_notify` on one channel, heard by a connection of each instance's own. The
 * payload names the schema, as tests give each file a schema of its own in one database. A message
 * is sent only once every instance that keeps answers in memory has heard of the writes before it
 * (record 0008): a browser told "this changed" by another instance then reads the change there.
 */
export class PgLiveEvents extends LiveEvents {
  private listener: pg.Client | undefined;
  /** Flushes on the listening connection, one at a time. */
  private readonly onListener = oneAtATime();
  /** Messages waiting to be sent (`send`). */
  private readonly outbox: string[] = [];
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = true;
  private log: ChangeLog = { warn: () => {} };

  constructor(
    private readonly pool: pg.Pool,
    private readonly connection: pg.ClientConfig,
    private readonly schema: string,
    private readonly changes: ChangeTracker,
  ) {
    super();
  }

  /**
   * Messages sent in one turn of the event loop (a new gate pass tells its mentors and the staff
   * lists) leave together, in one statement, on the listening connection when there is one: the
   * pool's connections stay with the requests.
   */
  protected send(message: LiveMessage): void {
    this.outbox.push(JSON.stringify({ schema: this.schema, message }));
    if (this.outbox.length === 1) setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    // Taken before waiting, so that every write before each message is covered by the wait.
    const payloads = this.outbox.splice(0);
    await this.changes.settle?.();
    try {
      // Named, so that each connection plans it once rather than on every flush.
      const notify = {
        name: 'campus_live_notify',
        text: 'select pg_notify($1, payload) from unnest($2::text[]) with ordinality as m(payload, n) order by n',
        values: [CHANNEL, payloads],
      };
      const listener = this.listener;
      if (listener) await this.onListener(() => listener.query(notify));
      else await this.pool.query(notify);
    } catch (error) {
      this.log.warn({ err: error }, 'A live update could not be sent');
    }
  }

  async start(log: ChangeLog): Promise<void> {
    if (!this.stopped) return;
    this.log = log;
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.connection);
    const retry = () => {
      if (this.listener === client) this.listener = undefined;
      if (this.stopped) return;
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_AFTER_MS);
    };
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'The live updates connection failed; reconnecting');
      void client.end().catch(() => undefined);
      retry();
    });
    client.on('notification', (note) => {
      if (note.channel !== CHANNEL || !note.payload) return;
      const { schema, message } = JSON.parse(note.payload) as { schema: string; message: LiveMessage };
      if (schema === this.schema) this.deliver(message);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.listener = client;
    } catch (error) {
      this.log.warn({ err: error }, 'The live updates connection could not be made; retrying');
      void client.end().catch(() => undefined);
      retry();
    }
  }
}
