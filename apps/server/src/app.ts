/** buildApp: the whole HTTP application without listening, so tests can `inject` into it. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '@campus/contract';
import type { DbHandle } from './db/index';
import { ReadCache } from './db/read-cache';
import { authRepository } from './features/auth/repository';
import { TokenService } from './features/auth/tokens';
import { FEATURES } from './features/registry';
import { lazyChildLogger } from './lib/lazy-logger';
import { registerAccessControl } from './plugins/access';
import { registerErrorHandling } from './plugins/errors';
import { guardedValidatorCompiler } from './plugins/input-guard';
import { serializerCompiler } from './plugins/serializer';
import { registerWriteSettling } from './plugins/settle-writes';
import { registerSpa } from './plugins/spa';
import type { App } from './types';

export interface AppOptions {
  handle: DbHandle;
  jwtSecret: string;
  webDist?: string;
  demoCampus?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/** Request URLs as logged: the token of post-data-from-token never reaches a log. */
export function redactUrl(url: string): string {
  return url.replace(/(\/api\/post-data-from-token\/)[^/?#]+/, '$1[redacted]');
}

/** Logger settings: no token, password or Authorization header is ever written. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    redact: [
      'req.headers.authorization',
      'req.body.password',
      'req.body.currentPassword',
      'req.body.newPassword',
    ],
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** Fastify's "incoming request" and "request completed" lines are written at info and below. */
function logsRequests(logger: AppOptions['logger']): boolean {
  if (!logger) return false;
  const level = typeof logger === 'object' && 'level' in logger ? logger.level : 'info';
  return level === 'info' || level === 'debug' || level === 'trace';
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Not even built when they would not be written.
    logController: new LogController({ disableRequestLogging: !logsRequests(options.logger) }),
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    requestTimeout: 30_000,
    return503OnClosing: true,
    childLoggerFactory: (logger, bindings, options) => lazyChildLogger(logger, bindings, options),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db, dialect, changes } = options.handle;
  await changes.start?.(app.log);
  const cache = new ReadCache(changes);
  const deps = {
    db,
    dialect,
    cache,
    auth: authRepository(db, cache),
    tokens: new TokenService(options.jwtSecret),
    demoCampus: options.demoCampus ?? false,
  };

  registerErrorHandling(app);
  registerAccessControl(app, deps);
  registerWriteSettling(app, changes);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Campus Portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  for (const feature of FEATURES) await feature(app, deps);
  await registerSpa(app, options.webDist ?? '');
  return app;
}
