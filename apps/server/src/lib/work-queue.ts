/**
 * At most `concurrency` jobs at once and `queued` more waiting; beyond that a job is refused with
 * 503 at once. Password hashing goes through one of these: each argon2 run holds a thread of the
 * pool that file reads also use, and ~20 MiB, so a flood of sign-ins would otherwise starve
 * every other request.
 */
import { HttpError } from './errors';

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queued: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.queued) {
        throw new HttpError(503, this.busyMessage, { 'retry-after': '1' });
      }
      // The slot is handed over by the job that finishes, so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
