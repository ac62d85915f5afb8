/** Passes out past their return time: the mentors (and guardians) told once, on a schedule. */
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureDeps } from '../deps';
import { inEveryLanguage } from '../mail/words-guardian-alerts';
import { readTermSettings } from '../timetable/settings';
import { gateRepository } from './repository';

const EVERY_MS = 60_000;

type SweepDeps = Pick<FeatureDeps, 'db' | 'now' | 'notify'> &
  Partial<Pick<FeatureDeps, 'mail' | 'clock' | 'webhooks'>>;

/** Tells the mentors of every pass newly overdue, once per pass whatever the number of instances. */
export async function sweepOverdue({ db, now, notify, mail, clock, webhooks }: SweepDeps) {
  // Without the app's clock (the scheduled sweep), the zone is read from the settings.
  const timeZone = clock ? await clock.zone() : (await readTermSettings(db, now())).timeZone;
  const claimed = await gateRepository(db, now, async () => timeZone, webhooks).claimOverdue();
  const dueOf = (row: (typeof claimed)[number]) => `${row.date} ${row.return_by ?? '24:00'}`;
  for (const row of claimed) {
    await notify.gatePassOverdue({ name: row.name, group: row.group_name, due: dueOf(row) });
  }
  // The guardians hear too, when the campus has chosen so (decision record 0034).
  await mail?.notifyGuardians(
    'gateOverdue',
    claimed.map((row) => ({
      rollNo: row.roll_no,
      details: inEveryLanguage((words) => words.overdue(row.name, dueOf(row), timeZone)),
    })),
  );
  return claimed.length;
}

/** The overdue sweep every minute, on each instance; one of them tells the mentors of a pass. */
export function scheduleOverdueSweep(deps: SweepDeps, log: FastifyBaseLogger) {
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
