/** Process entry: config → database → migrate → first-run seed → listen; SIGTERM drains and closes. */
import { buildApp, loggerOptions } from './app';
import { loadConfig } from './config';
import { openConfiguredDb, prepareDb } from './db/open';

const config = loadConfig();
const handle = await openConfiguredDb(config);
const { seeded } = await prepareDb(config, handle);

const app = await buildApp({
  handle,
  jwtSecret: config.jwtSecret,
  webDist: config.webDist,
  demoCampus: config.seed === 'demo',
  logger: loggerOptions(config.logLevel),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: draining requests');
  try {
    await app.close();
    await handle.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
if (seeded) app.log.info('created the demo campus (sign in with 900001, 500001 or 230001 / campus123)');
app.log.info(`Campus Portal is ready at http://localhost:${config.port} (${handle.dialect})`);
