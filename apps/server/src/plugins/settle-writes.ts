/**
 * Where other instances hear of writes late (PostgreSQL), a request that may have written is
 * answered only once every instance that caches has heard of what it wrote: a client that was told
 * "done" finds it done on whichever instance it asks next. Reads (GET) never write, and wait for
 * nothing.
 *
 * Writes that follow a change (the notifications it brings, a guardian's warning) may run
 * `alongside` the rest of the answer: beside the audit entry, instead of one after the other. The
 * answer still leaves only once they are done, and heard of.
 */
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { ChangeTracker } from '../db/changes';

/**
 * Lets `work` run while the answer is written and its audit entry recorded; the answer waits for it.
 * `work` handles its own failures (a change's notifications never undo the change).
 */
export function alongside(request: FastifyRequest, work: Promise<unknown>): void {
  (request.sideWrites ??= []).push(work);
}

export function registerWriteSettling(app: FastifyInstance, changes: ChangeTracker): void {
  app.decorateRequest('sideWrites', null);
  const settled: onSendHookHandler = (request, _reply, payload, done) => {
    const settle = () => {
      const waiting = changes.settle?.();
      if (waiting) void waiting.then(() => done(null, payload));
      else done(null, payload);
    };
    const side = request.sideWrites;
    if (side === null) return settle();
    request.sideWrites = null;
    // Their writes are counted as they commit, so the barrier after them covers them too.
    void Promise.allSettled(side).then(settle);
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.onSend = [...[route.onSend ?? []].flat(), settled];
  });
}
