/**
 * At most `concurrency` jobs at once and `queued` more waiting; beyond that a job is refused with
 * 503 at once. Password hashing goes through one of these: each argon2 run holds a thread of the
 * pool that file reads also use, and ~20 MiB, so a flood of sign-ins would otherwise starve
 * every other request.
 *
 * Urgent jobs (a client signing in to an account it signed in to before) wait in a line of their
 * own, with room of its own, and go before every other waiting job: a flood of guesses from
 * clients the account has never seen fills only the ordinary line.
 */
import { HttpError } from './errors';

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly urgent: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queued: number,
    private readonly busyMessage: string,
  ) {}

  /**
   * Throws the 503 that `run` would throw now, so a caller can refuse before doing work of its own
   * for a job that would not be taken (under a flood, most of them).
   */
  /** Jobs running now, and jobs waiting for their turn (both lines). */
  get figures(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length + this.urgent.length };
  }

  admit(options: { urgent?: boolean } = {}): void {
    if (this.running < this.concurrency) return;
    if ((options.urgent ? this.urgent : this.waiting).length >= this.queued) {
      throw new HttpError(503, this.busyMessage, { 'retry-after': '1' });
    }
  }

  async run<T>(job: () => Promise<T>, options: { urgent?: boolean } = {}): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      this.admit(options);
      const line = options.urgent ? this.urgent : this.waiting;
      // The slot is handed over by the job that finishes, so `running` stays as it is.
      await new Promise<void>((resolve) => line.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.urgent.shift() ?? this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
