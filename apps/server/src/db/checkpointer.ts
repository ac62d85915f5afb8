/**
 * SQLite in WAL mode appends each commit to the `-wal` file and, every 1,000 pages, copies them back
 * into the database file (a checkpoint) on the connection that committed: two `fsync`s and a copy,
 * inside the request that happened to cross the line. The server's one connection answers every
 * request on the event loop, so that request, and every request queued behind it, waited.
 *
 * This runs the checkpoints on a connection of its own in a worker thread: every `intervalMs` it
 * asks for a PASSIVE checkpoint, which copies what it can without waiting for (or blocking) the
 * server's reads and writes. When it has copied everything, the server's next commit starts the WAL
 * from its beginning again, so the file stays small. The server's own automatic checkpoint stays as
 * it was: if this thread stopped or fell behind, the WAL would still be checkpointed at 1,000 pages.
 * Durability is unchanged: a commit is in the WAL before it is acknowledged, checkpointed or not.
 * Decision record 0047.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints, in milliseconds. */
export const CHECKPOINT_INTERVAL_MS = 50;

// CommonJS, run by the worker as given (the server is bundled: a separate file would need a build
// step of its own). It loads the same better-sqlite3 the server uses, by path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
let checkpoints = 0;
const timer = setInterval(() => {
  try {
    const { log, checkpointed } = checkpoint.get();
    if (log > 0 && checkpointed > 0) checkpoints++;
  } catch {
    // Busy or locked: the next turn tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'count') parentPort.postMessage(checkpoints);
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface Checkpointer {
  /** Checkpoints that copied pages so far (for tests). */
  count(): Promise<number>;
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  // A worker that failed (the file removed under it, say) leaves the server's own checkpoints.
  worker.on('error', () => {});
  // The server's exit does not wait for it.
  worker.unref();
  let exited = false;
  worker.once('exit', () => (exited = true));
  let stopped: Promise<void> | undefined;
  return {
    count: () =>
      new Promise((resolve) => {
        worker.once('message', (n: number) => resolve(n));
        worker.postMessage('count');
      }),
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      })),
  };
}
