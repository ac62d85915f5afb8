/** The overdue sweep on a schedule: every minute, each instance; one tells the mentors of a pass. */
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureDeps } from '../deps';
import { sweepOverdue } from './routes';

const EVERY_MS = 60_000;

export function scheduleOverdueSweep(
  deps: Pick<FeatureDeps, 'db' | 'now' | 'notify'> & Partial<Pick<FeatureDeps, 'mail'>>,
  log: FastifyBaseLogger,
) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => sweepOverdue(deps))
      .then(
        (told) => told > 0 && log.info({ told }, 'overdue gate passes told to mentors'),
        (err: unknown) => log.error({ err }, 'the overdue sweep failed'),
      );
  }, EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
