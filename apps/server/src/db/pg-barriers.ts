/**
 * A write is answered only once every other instance has heard of it (pg-changes.ts): a barrier on
 * `campus_barrier`, acknowledged on `campus_ack` by each instance that hears it, waited for until each
 * instance that may cache has, or until its lease runs out. Barriers are shared: writes that finished
 * before one was sent all wait on it.
 */
import type pg from 'pg';
import { ACK_CHANNEL, BARRIER_CHANNEL, LEASE_MS, MARGIN_MS, type ChangeListener } from './pg-listener';

interface Round {
  /** Instances known to have heard the barrier. */
  readonly acked: Set<string>;
  wake: (() => void) | undefined;
}

export class Barriers {
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
    private readonly listener: ChangeListener,
  ) {}

  /** A statement that may have changed a cached table finished here (`observeStatement`). */
  wrote(): void {
    this.writes++;
  }

  /** Every waiting round looks again at whom it waits for (this instance's lease may have ended). */
  wake(): void {
    for (const round of this.rounds.values()) round.wake?.();
  }

  /** `PgChanges.settle`. */
  settle(force = false): Promise<void> | undefined {
    const needed = force ? Number.POSITIVE_INFINITY : this.writes;
    if (needed <= this.settledUpTo) return undefined;
    if (!force && this.listener.alone()) {
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
    const self = this.listener;
    try {
      self.schema ??= (
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
        values: [BARRIER_CHANNEL, `${self.schema}|${self.id}|${seq}`],
      };
      const listener = self.listening;
      const { rows } = listener
        ? await self.onListener(() => listener.query<{ members: [string, number][] }>(barrier))
        : await this.pool.query<{ members: [string, number][] }>(barrier);
      const started = performance.now();
      const deadlines = new Map<string, number>();
      for (const [member, ms] of rows[0]!.members) {
        // This instance counted its own writes as they committed (`observe`): a write waits for the
        // others. Hearing its own barrier is needed only to have heard every change before it, and
        // only while it serves from memory.
        if (member === self.id && !(heardByThis && self.outside() !== undefined)) continue;
        deadlines.set(member, started + ms + MARGIN_MS);
      }
      for (;;) {
        const now = performance.now();
        let soonest = Number.POSITIVE_INFINITY;
        for (const [member, deadline] of deadlines) {
          const done =
            round.acked.has(member) ||
            deadline <= now ||
            (member === self.id && self.outside() === undefined);
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
      self.log.warn({ err }, 'could not send a cache barrier; waiting for every lease to run out');
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS + MARGIN_MS));
    } finally {
      this.rounds.delete(seq);
    }
  }

  /**
   * A barrier or an acknowledgement heard on the listening connection (`schema|writer|seq`, and
   * `|member` for an acknowledgement): another's barrier is acknowledged, and this one's counted.
   */
  hear(channel: string, payload: string): void {
    const self = this.listener;
    const [schema, writer, seq, member] = payload.split('|');
    if (schema !== self.schema || writer === undefined) return;
    if (channel === BARRIER_CHANNEL) {
      if (writer === self.id) this.acknowledged(Number(seq), self.id);
      else {
        const listener = self.listening;
        if (listener) {
          self
            .onListener(() =>
              listener.query('select pg_notify($1, $2)', [
                ACK_CHANNEL,
                `${schema}|${writer}|${seq}|${self.id}`,
              ]),
            )
            .catch((err: unknown) => self.log.warn({ err }, 'could not acknowledge a cache barrier'));
        }
      }
    } else if (channel === ACK_CHANNEL && writer === self.id && member) {
      this.acknowledged(Number(seq), member);
    }
  }

  private acknowledged(seq: number, member: string): void {
    const round = this.rounds.get(seq);
    if (!round) return;
    round.acked.add(member);
    round.wake?.();
  }
}
