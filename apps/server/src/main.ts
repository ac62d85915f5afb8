/** Process entry: config → database → migrate → first-run seed → listen; SIGTERM drains and closes. */
import { Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { loggerOptions } from './app';
import { loadConfig } from './config';
import { startServer } from './server';

// Whatever the server or SQLite creates (the database, its -wal and -shm, the secret) is owner-only.
process.umask(0o077);
const config = loadConfig();
const { app, handle, seeded, lifecycle } = await startServer(config, loggerOptions(config.logLevel));

/** How long a draining instance still accepts connections, refusing GETs, before its port closes. */
const NOTICE_MS = 1000;
/** How long a connection accepted just before the port closed has to send its request. */
const ACCEPTED_GRACE_MS = 300;

let closing = false;
/**
 * Draining (record 0030): readiness answers 503 at once, live update streams are asked to reconnect
 * (through the proxy, to another instance) and new ones refused, the listening socket closes so the
 * proxy sends new requests elsewhere, and the requests in flight finish. Past DRAIN_SECONDS the
 * process exits anyway.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: draining requests');
  lifecycle.drain();
  setTimeout(() => {
    app.log.error(`requests still running after DRAIN_SECONDS (${config.drainSeconds} s): exiting`);
    process.exit(1);
  }, config.drainSeconds * 1000).unref();
  // GETs are refused with 503 meanwhile, which takes this instance out of the proxy's rotation, so
  // that no connection waits to be accepted when the port closes (it would be reset).
  await sleep(NOTICE_MS);
  // No new connection is accepted from now on, but one accepted a moment ago gets to send its
  // request: Node's HTTP close drops every connection that has not begun a request, which a proxy
  // would see as a reset, and could not resend a POST after.
  Server.prototype.close.call(app.server);
  await sleep(ACCEPTED_GRACE_MS);
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
const streams = config.streamLimits;
app.log.info(
  `live update streams: ${streams.perAccount} an account, ${streams.perAddress} an address, ${streams.perInstance} on this instance`,
);
app.log.info(`Campus Portal is ready at http://localhost:${config.port} (${handle.dialect})`);
