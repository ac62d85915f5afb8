/** Environment configuration, parsed and validated once at boot. */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_WRITE_LIMITS, type WriteLimits } from './lib/write-limits';
import {
  DEFAULT_STREAMS_PER_ACCOUNT,
  DEFAULT_STREAMS_PER_ADDRESS,
  resolveStreamLimits,
} from './features/notifications/stream-capacity';
import type { StreamLimits } from './features/notifications/stream-slots';
import { addressProblem } from './lib/address-list';
import { OWNER_ONLY_DIR } from './lib/file-modes';
import { DEFAULT_POOL_SIZE } from './db/index';
import { pushConfig, type PushOptions } from './features/push/config';
import { resolveSsoConfig, SSO_ENV, type SsoConfig } from './features/sso/config';

const perHour = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000_000).default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(DEFAULT_POOL_SIZE),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  QUERY_LIMIT: perHour(DEFAULT_WRITE_LIMITS.queries),
  GATEPASS_LIMIT: perHour(DEFAULT_WRITE_LIMITS.gatePasses),
  LEAVE_LIMIT: perHour(DEFAULT_WRITE_LIMITS.leave),
  GATE_LIMIT: perHour(DEFAULT_WRITE_LIMITS.gate),
  WRITE_LIMIT: perHour(DEFAULT_WRITE_LIMITS.other),
  SUPPORT_LIMIT: perHour(DEFAULT_WRITE_LIMITS.support),
  STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(DEFAULT_STREAMS_PER_ACCOUNT),
  STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_STREAMS_PER_ADDRESS),
  STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).max(10_000_000).optional(),
  STREAMS_MEMORY_MB: z.coerce.number().int().min(1).max(10_000_000).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s):// URL' }).optional(),
  READ_CACHE: z.enum(['on', 'off'], { error: 'READ_CACHE must be on or off' }).default('on'),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['0', '1'], { error: 'WEBHOOKS_ALLOW_PRIVATE must be 0 or 1' }).default('0'),
  CAMPUS_LOCALE: z
    .string()
    .regex(/^[a-z]{2,3}-[A-Z]{2}$/, 'CAMPUS_LOCALE must be a language and region, such as en-IN')
    .refine((locale) => Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0, {
      message: 'CAMPUS_LOCALE names a locale this Node.js does not know',
    })
    .default('en-IN'),
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .transform((text, ctx) => {
      if (text.trim() === 'none') return [];
      const entries = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      for (const entry of entries) {
        const problem = addressProblem(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: `METRICS_ALLOW: ${problem}` });
      }
      return entries;
    }),
  DRAIN_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  ...SSO_ENV,
});

/**
 * `true` (every proxy), a number of hops, or a comma-separated list of proxy addresses and CIDRs:
 * whom to believe about the client's address in X-Forwarded-For. Unset: nobody.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address: string, hop: number) => hop < hops;
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: connections the pool opens at most. */
  databasePoolSize: number;
  jwtSecret: string;
  seed: 'demo' | 'none';
  logLevel: string;
  webDist: string;
  trustProxy: TrustProxy;
  /** Password hashes computed at once, and how many more may wait for their turn. */
  hashing: { concurrency: number; queued: number };
  /** Audit entries older than this many days are pruned. */
  auditRetentionDays: number;
  /** Writes allowed per hour: per account, and on the support form per client. */
  writeLimits: WriteLimits;
  /** Live update streams held open per account, per client address and on this instance. */
  streamLimits: StreamLimits;
  /** Whether answers of reads are kept in memory (off: every read goes to the database, to measure it). */
  readCache: boolean;
  /** Webhooks may go to private, loopback and link-local addresses (decision record 0085). */
  webhooksAllowPrivate: boolean;
  /** How the web app writes dates, times and numbers (a BCP 47 language and region). */
  locale: string;
  /** Addresses and CIDRs that may read /metrics (directly, not through a proxy). */
  metricsAllow: string[];
  /** On SIGTERM: how long in-flight requests may take to finish before the process exits anyway. */
  drainSeconds: number;
  /** Email; off unless SMTP_URL and MAIL_FROM are both set (decision record 0034). */
  mail: { smtpUrl: string | undefined; from: string | undefined; publicUrl: string | undefined };
  /** Web Push: VAPID keys and subject, when given (decision record 0088). */
  push: PushOptions;
  /** Single sign-on with OpenID Connect (OIDC_*, SSO_*); off unless OIDC_ISSUER is set (record 0086). */
  sso: SsoConfig | undefined;
}

/** Reads the secret from DATA_DIR, creating it (owner-only) on first use. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && e.MAIL_FROM && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\nPUBLIC_URL: needed when SMTP_URL is set, for the links in mails (e.g. https://portal.example.edu)',
    );
  }
  const sso = resolveSsoConfig(e);
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    hashing: { concurrency: e.HASH_CONCURRENCY, queued: e.HASH_QUEUE },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    writeLimits: {
      queries: e.QUERY_LIMIT,
      gatePasses: e.GATEPASS_LIMIT,
      leave: e.LEAVE_LIMIT,
      gate: e.GATE_LIMIT,
      other: e.WRITE_LIMIT,
      support: e.SUPPORT_LIMIT,
    },
    streamLimits: resolveStreamLimits({
      perAccount: e.STREAMS_PER_ACCOUNT,
      perAddress: e.STREAMS_PER_ADDRESS,
      perInstance: e.STREAMS_PER_INSTANCE,
      memoryMb: e.STREAMS_MEMORY_MB,
    }),
    readCache: e.READ_CACHE === 'on',
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === '1',
    locale: e.CAMPUS_LOCALE,
    metricsAllow: e.METRICS_ALLOW,
    drainSeconds: e.DRAIN_SECONDS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, publicUrl: e.PUBLIC_URL },
    push: pushConfig(env, e.PUBLIC_URL),
    sso,
  };
}
