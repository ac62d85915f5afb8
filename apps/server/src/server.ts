/** The configured server, built but not listening: what `main.ts` runs and start-up tests drive. */
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openConfiguredDb, prepareDb } from './db/open';
import { schedulePruning } from './features/maintenance/prune';
import { scheduleOverdueSweep } from './features/gate/overdue';
import { notifier } from './features/notifications/notifier';
import { looseModes } from './lib/file-modes';
import { Lifecycle } from './lib/lifecycle';

export async function startServer(config: Config, logger: FastifyServerOptions['logger'] = false) {
  const handle = await openConfiguredDb(config, true);
  const lifecycle = new Lifecycle();
  try {
    const { seeded } = await prepareDb(config, handle);
    const app = await buildApp({
      handle,
      jwtSecret: config.jwtSecret,
      webDist: config.webDist,
      logger,
      trustProxy: config.trustProxy,
      hashing: config.hashing,
      writeLimits: config.writeLimits,
      streamLimits: config.streamLimits,
      readCache: config.readCache,
      locale: config.locale,
      lifecycle,
      metricsAllow: config.metricsAllow,
      mail: { ...config.mail, pollMs: 5_000 },
      webhooks: { allowPrivate: config.webhooksAllowPrivate, pollMs: 2_000 },
      push: { ...config.push, pollMs: 5_000 },
      ...(config.sso ? { sso: config.sso } : {}),
    });
    const stopPruning = schedulePruning(
      handle.db,
      handle.dialect,
      { auditRetentionDays: config.auditRetentionDays },
      app.log,
    );
    app.addHook('onClose', stopPruning);
    const stopSweeping = scheduleOverdueSweep(
      {
        db: handle.db,
        now: Date.now,
        notify: notifier(handle.db, handle.live, app.log, app.mail, undefined, undefined, app.push),
        mail: app.mail,
        webhooks: app.webhooks,
      },
      app.log,
    );
    app.addHook('onClose', stopSweeping);
    const loose = looseModes(config.dataDir);
    for (const path of loose) {
      app.log.warn(`${path} can be read by other users of this machine: chmod go-rwx it`);
    }
    return { app, handle, seeded, loose, lifecycle };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
