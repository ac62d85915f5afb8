/**
 * While the instance drains (record 0030), a GET or HEAD it is asked is answered 503 with
 * Retry-After: the proxy resends it to another instance at once, and counts the refusal as this
 * instance failing, so it sends no more, before the port closes. Writes are still served (a proxy
 * may not resend them), as are the health checks and /metrics.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors';
import type { Lifecycle } from '../lib/lifecycle';

const STILL_ANSWERED = ['/api/health', '/metrics'];

export function registerDrainRefusal(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      lifecycle.draining &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !STILL_ANSWERED.some((prefix) => request.url.startsWith(prefix))
    ) {
      done(new HttpError(503, 'This instance is stopping: try again', { 'retry-after': '1' }));
      return;
    }
    done();
  });
}
