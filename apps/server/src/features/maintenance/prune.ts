/**
 * What the database no longer needs, removed on a schedule so that it does not grow for ever:
 * counters whose window has passed, sessions that have expired, audit entries older than the
 * retention period, notifications older than 180 days, and the files of leave withdrawn or rejected
 * more than 30 days ago, and webhook deliveries sent or given up more than 30 days ago (decision
 * record 0085). Pending gate passes whose day has passed are closed on the same schedule (decision
 * record 0067). Every instance may run it; the changes are the same whoever runs them.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  LEAVE_ATTACHMENT_RETENTION_DAYS,
  NOTIFICATION_RETENTION_DAYS,
  WEBHOOK_LOG_RETENTION_DAYS,
} from '@campus/contract';
import type { Db, Dialect } from '../../db/index';
import { auditRepository } from '../audit/repository';
import { authRepository } from '../auth/repository';
import { campusToday } from '@campus/contract';
import { gatePassRepository } from '../gatepasses/repository';
import { leaveRepository } from '../leave/repository';
import { limitsRepository } from '../../db/rate-limits';
import { notificationRepository } from '../notifications/repository';
import { readTermSettings } from '../timetable/settings';
import { pruneDeliveries } from '../webhooks/repository';

export interface PruneOptions {
  auditRetentionDays: number;
}

export async function pruneExpired(db: Db, dialect: Dialect, now: Date, options: PruneOptions) {
  const counters = await limitsRepository(db, dialect).prune(now.getTime());
  const sessions = await authRepository(db).pruneSessions(now);
  const audit = await auditRepository(db, dialect).prune(
    new Date(now.getTime() - options.auditRetentionDays * 86_400_000),
  );
  const notifications = await notificationRepository(db).prune(
    new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000).toISOString(),
  );
  // A pass's day is the campus's, in its time zone.
  const zone = (await readTermSettings(db, now.getTime())).timeZone;
  const closedPasses = await gatePassRepository(
    db,
    dialect,
    () => now.getTime(),
    async () => zone,
  ).closePast(campusToday(now.getTime(), zone));
  const leaveFiles = await leaveRepository(db).pruneAttachments(
    new Date(now.getTime() - LEAVE_ATTACHMENT_RETENTION_DAYS * 86_400_000).toISOString(),
  );
  const webhookDeliveries = await pruneDeliveries(
    db,
    new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * 86_400_000).toISOString(),
  );
  return { counters, sessions, audit, notifications, closedPasses, leaveFiles, webhookDeliveries };
}

const EVERY_MS = 3_600_000;

/** Prunes at once and then every hour until `stop` is called. */
export function schedulePruning(db: Db, dialect: Dialect, options: PruneOptions, log: FastifyBaseLogger) {
  const run = () =>
    pruneExpired(db, dialect, new Date(), options).then(
      (removed) => log.info({ removed }, 'pruned expired rows'),
      (err: unknown) => log.error({ err }, 'pruning failed'),
    );
  let running = run();
  const timer = setInterval(() => {
    running = running.then(run);
  }, EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
