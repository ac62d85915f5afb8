/**
 * `GET /metrics`: Prometheus's text format, to the addresses METRICS_ALLOW names (loopback by
 * default), asked directly, never through a proxy: a request a proxy forwarded is refused whatever
 * address it came from, since the proxy's own address may well be an allowed one (record 0030).
 */
import { ErrorSchema } from '@campus/contract';
import { forbidden } from '../../lib/errors';
import type { Feature } from '../deps';

const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

export const metricsRoutes: Feature = async (app, { metrics }) => {
  app.get(
    '/metrics',
    {
      // Not a signed-in route: Prometheus has no account. Its own check is the address list.
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Prometheus metrics of this instance; only to the addresses METRICS_ALLOW names, and never through a proxy',
        response: { 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      const forwarded = FORWARDED.some((name) => request.headers[name] !== undefined);
      if (forwarded || !metrics.allowed(request.socket.remoteAddress)) {
        throw forbidden(
          'Metrics are served only to the addresses METRICS_ALLOW names, asked directly rather than through a proxy',
        );
      }
      const text = await metrics.registry.metrics();
      // Text, which no schema of the route describes (only its 403 is JSON).
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(text as never);
    },
  );
};
