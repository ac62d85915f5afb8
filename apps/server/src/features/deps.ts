/** What every feature's routes receive: the database and the shared auth services. */
import type { ChangeTracker } from '../db/changes';
import type { Db, Dialect } from '../db/index';
import type { ReadCache } from '../db/read-cache';
import type { App } from '../types';
import type { AuditRepository } from './audit/repository';
import type { AuthRepository } from './auth/repository';
import type { SignInService } from './auth/sign-in';
import type { TokenService } from './auth/tokens';
import type { LiveEvents } from '../db/live-events';
import type { Registry } from 'prom-client';
import type { Lifecycle } from '../lib/lifecycle';
import type { Signer } from '../lib/signer';
import type { MailService } from './mail/service';
import type { Notifier } from './notifications/notifier';
import type { StreamSlots } from './notifications/stream-slots';
import type { CampusClock } from './timetable/settings';
import type { WebhookService } from './webhooks/index';
import type { PushService } from './push/service';
import type { SsoService } from './sso/service';

export interface FeatureDeps {
  db: Db;
  dialect: Dialect;
  /** Answers of reads kept until their tables change, on either database (decision records 0007, 0008). */
  cache: ReadCache;
  /** Which tables changed; where other instances hear of writes late, `settle` waits for them. */
  changes: ChangeTracker;
  auth: AuthRepository;
  tokens: TokenService;
  /** Throttled password checks: sign-in and change-password (decision record 0011). */
  signIn: SignInService;
  audit: AuditRepository;
  /** Live updates for the people a change concerns, heard by every instance. */
  live: LiveEvents;
  /** The bounds on open live update streams (decision record 0023). */
  streamSlots: StreamSlots;
  /** Notifications and live updates that follow a change. */
  notify: Notifier;
  /** Serving, or draining before the process stops (SIGTERM). */
  lifecycle: Lifecycle;
  /** What /metrics answers, and to which addresses. */
  metrics: { registry: Registry; allowed: (address: string | undefined) => boolean };
  /** Email: settings, the queue, guardians and reset links (decision record 0034). */
  mail: MailService;
  /** Signatures with keys derived from the server's secret (calendar feed links). */
  signer: Signer;
  /** The time, in ms since the epoch: tests move it instead of waiting. */
  now: () => number;
  /** Web Push: the campus's keys, each person's devices and the push queue (record 0088). */
  push: PushService;
  /** Signed webhooks: events queued with the changes they tell of, and the queue (record 0085). */
  webhooks: WebhookService;
  /** The term and the campus's day in its own time zone (a setting), kept in memory. */
  clock: CampusClock;
  /** Single sign-on with OpenID Connect, or its stand-in when the campus has none (record 0086). */
  sso: SsoService;
}

export type Feature = (app: App, deps: FeatureDeps) => Promise<void>;
