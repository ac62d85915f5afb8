/**
 * Where other instances hear of writes late (PostgreSQL), a request that may have written is
 * answered only once every instance that caches has heard of what it wrote: a client that was told
 * "done" finds it done on whichever instance it asks next. Reads (GET) never write, and wait for
 * nothing.
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { ChangeTracker } from '../db/changes';

export function registerWriteSettling(app: FastifyInstance, changes: ChangeTracker): void {
  if (!changes.settle) return;
  const settled: onSendHookHandler = (_request, _reply, payload, done) => {
    const waiting = changes.settle?.();
    if (waiting) void waiting.then(() => done(null, payload));
    else done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.onSend = [...[route.onSend ?? []].flat(), settled];
  });
}
