/**
 * What Prometheus scrapes from an instance (`GET /metrics`, record 0030): requests by route pattern
 * (never the raw URL, which would spell ids and tokens), their latency, sign-in refusals, the read
 * cache, the database pool, open live update streams, the password hash queue, whether the instance
 * is draining, and Node's own figures (event-loop lag, memory, CPU). Each app has a registry of its
 * own (tests build many); the process figures are one registry per process.
 */
import client from 'prom-client';
import type { PoolFigures } from '../../db/index';
import type { LiveEvents } from '../../db/live-events';
import type { ReadCache } from '../../db/read-cache';
import type { Lifecycle } from '../../lib/lifecycle';
import type { WorkQueue } from '../../lib/work-queue';
import type { App } from '../../types';

let processRegistry: client.Registry | undefined;

/** Node's default metrics (event-loop lag, heap, CPU, open handles), collected once per process. */
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricSources {
  cache: ReadCache;
  live: LiveEvents;
  hashing: WorkQueue;
  pool: PoolFigures | undefined;
  lifecycle: Lifecycle;
  /** Mails in the queue by status (pending, sending, sent, failed), read at each scrape. */
  mailQueue?: () => Promise<{ status: string; count: number }[]>;
}

/** The sign-in route, whose refusals are counted by why. */
const SIGN_IN = '/api/login';
const REFUSALS: Record<number, string> = {
  400: 'malformed',
  401: 'wrong credentials',
  429: 'too many attempts',
  503: 'busy',
};

export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Counts every answered request of `app`; answers the registry /metrics reads. */
export function registerMetrics(app: App, sources: MetricSources): client.Registry {
  const own = new client.Registry();
  const registers = [own];
  const requests = new client.Counter({
    name: 'campus_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new client.Histogram({
    name: 'campus_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const serverErrors = new client.Counter({
    name: 'campus_http_server_errors_total',
    help: 'Requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers,
  });
  const refusals = new client.Counter({
    name: 'campus_sign_in_refusals_total',
    help: 'Sign-ins refused, by reason',
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of Object.values(REFUSALS)) refusals.labels(reason).inc(0);

  const { cache, live, hashing, pool, lifecycle, mailQueue } = sources;
  if (mailQueue) {
    new client.Gauge({
      name: 'campus_mail_queue',
      help: 'Mails in the queue, by status: pending and sending are still to go, failed gave up',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        this.reset();
        for (const status of ['pending', 'sending', 'sent', 'failed']) this.labels(status).set(0);
        for (const { status, count } of await mailQueue()) this.labels(status).set(count);
      },
    });
  }
  new client.Counter({
    name: 'campus_read_cache_lookups_total',
    help: 'Reads looked up in memory, by kind (sessions or other answers) and result (hit or miss)',
    labelNames: ['kind', 'result'] as const,
    registers,
    collect() {
      const stats = cache.stats();
      this.reset();
      this.labels('sessions', 'hit').inc(stats.sessions.hits);
      this.labels('sessions', 'miss').inc(stats.sessions.misses);
      this.labels('answers', 'hit').inc(stats.answers.hits);
      this.labels('answers', 'miss').inc(stats.answers.misses);
    },
  });
  new client.Gauge({
    name: 'campus_read_cache_entries',
    help: 'Answers held in memory',
    registers,
    collect() {
      this.set(cache.stats().entries);
    },
  });
  new client.Gauge({
    name: 'campus_event_streams_open',
    help: 'Live update streams open on this instance',
    registers,
    collect() {
      this.set(live.listenerCount);
    },
  });
  new client.Gauge({
    name: 'campus_hash_queue_jobs',
    help: 'Password checks running and waiting in the hash queue',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { running, waiting } = hashing.figures;
      this.labels('running').set(running);
      this.labels('waiting').set(waiting);
    },
  });
  new client.Gauge({
    name: 'campus_draining',
    help: '1 while the instance drains before it stops (SIGTERM), else 0',
    registers,
    collect() {
      this.set(lifecycle.draining ? 1 : 0);
    },
  });
  if (pool) {
    new client.Gauge({
      name: 'campus_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.labels('total').set(pool.total);
        this.labels('idle').set(pool.idle);
        this.labels('waiting').set(pool.waiting);
      },
    });
    new client.Counter({
      name: 'campus_db_pool_acquires_total',
      help: 'PostgreSQL pool: connections handed out',
      registers,
      collect() {
        this.reset();
        this.inc(pool.acquired);
      },
    });
    new client.Counter({
      name: 'campus_db_pool_wait_seconds_total',
      help: 'PostgreSQL pool: seconds spent waiting for a connection, in all',
      registers,
      collect() {
        this.reset();
        this.inc(pool.waitedSeconds);
      },
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    requests.labels(method, route, String(status)).inc();
    latency.labels(method, route).observe(reply.elapsedTime / 1000);
    if (status >= 500) serverErrors.labels(method, route).inc();
    if (route === SIGN_IN && method === 'POST' && status !== 200) {
      refusals.labels(REFUSALS[status] ?? 'other').inc();
    }
    done();
  });

  return client.Registry.merge([own, processMetrics()]);
}
