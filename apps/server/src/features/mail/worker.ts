/** The queue's worker on this instance: each round sends the due digests, then the due mails. */
import type { FastifyBaseLogger } from 'fastify';
import type { MailQueue } from './queue';

export function mailWorker(deps: {
  queue: MailQueue | undefined;
  /** How often to look for due mails and digests; 0 or none: only when told (tests). */
  pollMs: number | undefined;
  log: FastifyBaseLogger;
  runDigests: () => Promise<number>;
}) {
  const { queue, pollMs, log } = deps;
  const background = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  /** Runs work apart from the request that started it; a failure there is only logged. */
  function track(work: Promise<unknown>): void {
    const p = work.catch((err: unknown) => log.error({ err }, 'An email could not be queued'));
    background.add(p);
    void p.finally(() => background.delete(p));
  }

  /** Waits for work started apart from requests (tests). */
  async function settled(): Promise<void> {
    while (background.size > 0) await Promise.all([...background]);
  }

  /** One round of the worker: due digests, then due mails. */
  async function tick(): Promise<void> {
    if (!queue || running) return;
    running = true;
    try {
      await deps.runDigests();
      while ((await queue.deliverDue()) > 0) {
        /* until nothing more is due */
      }
    } catch (err) {
      log.error({ err }, 'Sending email failed');
    } finally {
      running = false;
    }
  }

  /** A mail was queued: send it soon rather than at the next round (not in tests). */
  function deliverSoon(): Promise<void> {
    return pollMs ? tick() : Promise.resolve();
  }

  function start(): void {
    if (!queue || !pollMs || timer) return;
    timer = setInterval(() => void tick(), pollMs);
    timer.unref();
  }

  async function stop(): Promise<void> {
    if (timer) clearInterval(timer);
    timer = undefined;
    await settled();
    queue?.close();
  }

  return { track, settled, tick, deliverSoon, start, stop };
}
