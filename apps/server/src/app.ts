/** buildApp: the whole HTTP application without listening, so tests can `inject` into it. */
import { signerFor } from './lib/signer';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '@campus/contract';
import type { DbHandle } from './db/index';
import { ReadCache } from './db/read-cache';
import { auditRepository } from './features/audit/repository';
import { authRepository } from './features/auth/repository';
import { DEFAULT_SIGN_IN_LIMITS, signInService, type SignInLimits } from './features/auth/sign-in';
import { limitsRepository } from './db/rate-limits';
import { DEFAULT_WRITE_LIMITS, type WriteLimits } from './lib/write-limits';
import { TokenService } from './features/auth/tokens';
import { FEATURES } from './features/registry';
import { lazyChildLogger } from './lib/lazy-logger';
import { OneLineLogController } from './lib/request-log';
import { WorkQueue } from './lib/work-queue';
import { mailService, type MailOptions, type MailService } from './features/mail/service';
import { notifier } from './features/notifications/notifier';
import { resolveStreamLimits } from './features/notifications/stream-capacity';
import { StreamSlots, type StreamLimits } from './features/notifications/stream-slots';
import { registerAccessControl } from './plugins/access';
import { integrationChecks } from './features/integrations/checks';
import { frameworkError, registerErrorHandling } from './plugins/errors';
import { guardedValidatorCompiler } from './plugins/input-guard';
import { serializerCompiler } from './plugins/serializer';
import { registerWriteLimits } from './plugins/write-limits';
import { registerWriteSettling } from './plugins/settle-writes';
import { SESSION_COOKIE } from './plugins/session-cookie';
import { registerSpa } from './plugins/spa';
import { registerCompression } from './plugins/compression';
import { registerDrainRefusal } from './plugins/drain';
import { registerMetrics } from './features/metrics/metrics';
import { addressList } from './lib/address-list';
import { Lifecycle } from './lib/lifecycle';
import { campusClock } from './features/timetable/settings';
import { webhookService, type WebhookOptions, type WebhookService } from './features/webhooks/index';
import { guardianPusher } from './features/push/guardian-push';
import { pushService, type PushService } from './features/push/service';
import type { PushOptions } from './features/push/config';
import { ssoService } from './features/sso/service';
import type { SsoConfig } from './features/sso/config';
import type { App } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Email: the queue's worker, digests, guardians (decision record 0034); decorated below. */
    mail: MailService;
    /** Signed webhooks: the emitter and the delivery queue's worker (decision record 0085). */
    webhooks: WebhookService;
    /** Web Push: keys, devices and the push queue's worker (decision record 0088). */
    push: PushService;
  }
}

export interface AppOptions {
  handle: DbHandle;
  jwtSecret: string;
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Which proxies to believe about the client's address (Fastify's `trustProxy`); none by default. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Password hashes computed at once, and how many more may wait (beyond that: 503). */
  hashing?: { concurrency: number; queued: number };
  signInLimits?: Partial<SignInLimits>;
  /** How a refused sign-in's hold is waited out (a timer; tests pass one they release themselves). */
  signInHold?: (ms: number) => Promise<unknown>;
  /** Writes allowed per hour: per account, and on the support form per client. */
  writeLimits?: Partial<WriteLimits>;
  /** Live update streams per account, per client address and per instance (decision record 0023). */
  streamLimits?: Partial<StreamLimits>;
  /** False: no read is answered from memory (READ_CACHE=off), so that reads can be measured cold. */
  readCache?: boolean;
  /** The campus locale the web app formats by (CAMPUS_LOCALE); `en-IN` by default. */
  locale?: string;
  /** The clock, in ms since the epoch (tests move it instead of waiting). */
  now?: () => number;
  /** Serving or draining: main.ts starts the drain on SIGTERM (record 0030). */
  lifecycle?: Lifecycle;
  /** Addresses and CIDRs /metrics answers (METRICS_ALLOW); loopback by default. */
  metricsAllow?: readonly string[];
  /** Email (SMTP_URL, MAIL_FROM, PUBLIC_URL); without an SMTP URL and sender, email is off. */
  mail?: MailOptions;
  /** Signed webhooks (WEBHOOKS_ALLOW_PRIVATE; decision record 0085). */
  webhooks?: WebhookOptions;
  /** Web Push (VAPID_*, decision record 0088): the database's keys when none are given. */
  push?: PushOptions;
  /** Single sign-on with OpenID Connect (OIDC_*, SSO_*); off when absent (record 0086). */
  sso?: SsoConfig;
}

export const DEFAULT_METRICS_ALLOW = ['127.0.0.1', '::1'];

/** Path parameters that are never written: the token, and whatever path the catch-all was given. */
const SECRET_PARAMS = new Set(['token', '*']);

interface LoggedRequest {
  method: string;
  routeOptions?: { url?: string };
  params?: unknown;
}

/**
 * A request as logged: its method, the route it matched and its parameters with secrets redacted,
 * never the raw URL, which can spell a token's path in ways a pattern would miss (`%2D`, `%61`).
 */
export function describeRequest(req: LoggedRequest) {
  const params =
    req.params !== null && typeof req.params === 'object'
      ? Object.fromEntries(
          Object.entries(req.params).map(([key, value]) => [
            key,
            SECRET_PARAMS.has(key) ? '[redacted]' : String(value).slice(0, 100),
          ]),
        )
      : {};
  return { method: req.method, route: req.routeOptions?.url ?? null, params };
}

/** Logger settings: no token, password, Authorization header or session cookie is ever written. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      'req.body.password',
      'req.body.currentPassword',
      'req.body.newPassword',
      'req.body.token',
      'req.query.token',
    ],
    serializers: {
      req: describeRequest,
    },
    ...(stream ? { stream } : {}),
  };
}

/** A request's access line is written at info and below ("incoming request" at debug). */
function logsRequests(logger: AppOptions['logger']): boolean {
  if (!logger) return false;
  const level = typeof logger === 'object' && 'level' in logger ? logger.level : 'info';
  return level === 'info' || level === 'debug' || level === 'trace';
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Not even built when they would not be written.
    logController: new OneLineLogController({ disableRequestLogging: !logsRequests(options.logger) }),
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    requestTimeout: 30_000,
    // Draining (record 0030): a request that reaches a closing instance is still answered, not 503.
    return503OnClosing: false,
    trustProxy: options.trustProxy ?? false,
    childLoggerFactory: (logger, bindings, options) => lazyChildLogger(logger, bindings, options),
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db, dialect, changes, live } = options.handle;
  await changes.start?.(app.log);
  await live.start(app.log);
  const cache = new ReadCache(changes, { enabled: options.readCache ?? true });
  const now = options.now ?? Date.now;
  const auth = authRepository(db, cache);
  const audit = auditRepository(db, dialect);
  const hashing = options.hashing ?? { concurrency: 2, queued: 32 };
  const limits = limitsRepository(db, dialect);
  const hashQueue = new WorkQueue(
    hashing.concurrency,
    hashing.queued,
    'The server is busy checking passwords. Try again in a moment.',
  );
  const lifecycle = options.lifecycle ?? new Lifecycle();
  // First of the hooks that see answers, so every route is counted.
  const registry = registerMetrics(app, {
    cache,
    live,
    hashing: hashQueue,
    pool: options.handle.pool,
    lifecycle,
    mailQueue: async () =>
      (
        await db
          .selectFrom('mail_queue')
          .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
          .groupBy('status')
          .execute()
      ).map((row) => ({ status: row.status, count: Number(row.n) })),
  });
  const signIn = signInService({
    auth,
    audit,
    limits,
    hashing: hashQueue,
    now,
    settings: { ...DEFAULT_SIGN_IN_LIMITS, ...options.signInLimits },
    ...(options.signInHold ? { hold: options.signInHold } : {}),
  });
  const push = pushService(db, options.push ?? {}, { now, log: app.log, cache });
  app.decorate('push', push);
  app.addHook('onReady', () => push.start());
  const mail = mailService(db, options.mail ?? {}, {
    secret: options.jwtSecret,
    now,
    log: app.log,
    // What guardians are told at once is pushed to their devices too (decision record 0088).
    pushGuardians: guardianPusher(db, push),
    cache,
  });
  app.decorate('mail', mail);
  app.addHook('onReady', () => mail.start());
  app.addHook('onClose', () => mail.stop());
  // After the mail's work, which may still queue push for guardians.
  app.addHook('onClose', () => push.stop());
  const webhooks = webhookService(db, options.webhooks ?? {}, {
    secret: options.jwtSecret,
    now,
    log: app.log,
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onReady', () => webhooks.start());
  app.addHook('onClose', () => webhooks.stop());
  const deps = {
    mail,
    webhooks,
    db,
    dialect,
    cache,
    changes,
    auth,
    audit,
    signIn,
    now,
    clock: campusClock(db, cache, now),
    sso: ssoService({ db, auth, config: options.sso, now, log: app.log }),
    tokens: new TokenService(options.jwtSecret),
    signer: signerFor(options.jwtSecret),
    live,
    streamSlots: new StreamSlots(resolveStreamLimits(options.streamLimits)),
    notify: notifier(db, live, app.log, mail, options.locale, cache, push),
    push,
    lifecycle,
    metrics: { registry, allowed: addressList(options.metricsAllow ?? DEFAULT_METRICS_ALLOW) },
  };

  registerErrorHandling(app);
  registerDrainRefusal(app, lifecycle);
  registerAccessControl(app, { ...deps, integrations: integrationChecks({ db, limits, now }) });
  registerWriteLimits(app, {
    limits,
    audit,
    now,
    settings: { ...DEFAULT_WRITE_LIMITS, ...options.writeLimits },
  });
  registerWriteSettling(app, changes);
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Campus Portal API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          // An integration's token (decision record 0083): each route names the scope it needs.
          apiClient: { type: 'http', scheme: 'bearer', description: 'Integration token (cp_…) with scopes' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  for (const feature of FEATURES) await feature(app, deps);
  await registerSpa(app, options.webDist ?? '', options.locale);
  return app;
}
