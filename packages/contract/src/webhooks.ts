/**
 * Signed webhooks (decision record 0085): endpoints an admin registers for kinds of events, each
 * delivery signed as the Standard Webhooks specification says, with a secret (`whsec_…`) shown once
 * and rotatable, and a log of deliveries per endpoint.
 */
import { z } from 'zod';
import { IdSchema } from './common.js';

/** The kinds of events an endpoint may listen to: the `type` of each delivery's body. */
export const WEBHOOK_KINDS = [
  'gate.exit',
  'gate.return',
  'gate.overdue',
  'leave.decided',
  'attendance.marked',
  'notice.published',
  'person.created',
  'person.changed',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** What each kind is, in words an admin reads when choosing. */
export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  'gate.exit': 'A student left campus on a gate pass',
  'gate.return': 'A student came back on a gate pass',
  'gate.overdue': 'A student is out past the return time',
  'leave.decided': 'Leave was approved or rejected',
  'attendance.marked': 'Attendance was marked (a day or a lecture)',
  'notice.published': 'A notice, event or mentor notice was published',
  'person.created': 'A student, teacher or guard was added',
  'person.changed': "A person's details or account status changed",
};

/** The prefix of every endpoint secret, as the specification has it. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How long the secret before a rotation still signs deliveries, beside the new one. */
export const WEBHOOK_ROTATION_GRACE_HOURS = 24;
/** Delivered and failed deliveries are kept this long in the log, then pruned. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
/** Rows of the delivery log a page holds at most. */
export const WEBHOOK_LOG_PAGE_MAX = 100;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const UrlSchema = z
  .string({ error: 'must be a URL' })
  .trim()
  .min(1, { error: 'must be a URL' })
  .max(WEBHOOK_URL_MAX, { error: `must be at most ${WEBHOOK_URL_MAX} characters` })
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { error: 'must be an http:// or https:// URL' },
  )
  .refine((text) => URL.canParse(text) && !new URL(text).username && !new URL(text).password, {
    error: 'must not hold a user name or password',
  });

const KindsSchema = z
  .array(z.enum(WEBHOOK_KINDS, { error: 'must be known kinds of events' }), {
    error: 'must be a list of kinds of events',
  })
  .min(1, { error: 'must name at least one kind of event' })
  .max(WEBHOOK_KINDS.length)
  .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a kind' });

export const WebhookEndpointInputSchema = z.object({
  url: UrlSchema,
  description: z
    .string({ error: 'must be text' })
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, { error: `must be at most ${WEBHOOK_DESCRIPTION_MAX} characters` })
    .optional(),
  kinds: KindsSchema,
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

/** An endpoint as listed: never its secret. */
export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  kinds: z.array(z.enum(WEBHOOK_KINDS)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when the secret before the last rotation still signs too; null when none does. */
  previousSecretUntil: z.string().nullable(),
  /** Deliveries waiting or being sent, and those given up, for the list's glance. */
  pending: z.number(),
  failed: z.number(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const WebhookEndpointListSchema = z.array(WebhookEndpointSchema);

/** The answer to a create or a rotation: the only time the secret is shown. */
export const WebhookSecretAnswerSchema = z.object({
  message: z.string(),
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});
export type WebhookSecretAnswer = z.infer<typeof WebhookSecretAnswerSchema>;

export const WebhookEndpointAnswerSchema = z.object({
  message: z.string(),
  endpoint: WebhookEndpointSchema,
});

export const WebhookParamsSchema = z.object({ id: IdSchema });
export const WebhookDeliveryParamsSchema = z.object({ id: IdSchema, deliveryId: IdSchema });

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same for every attempt of the delivery. */
  messageId: z.string(),
  kind: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The receiver's last answer; null when none came (refused, timed out, unreachable). */
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** An endpoint's log: every delivery asked for, newest first; the whole count in `X-Total-Count`. */
export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema);

export const WebhookDeliveryQuerySchema = z.object({
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, { error: 'must be pending, sending, delivered or failed' })
    .optional(),
  // As every list: the whole log without a limit (record 0012), a page with one.
  limit: z.coerce
    .number({ error: `must be a number, 1 to ${WEBHOOK_LOG_PAGE_MAX}` })
    .int({ error: `must be a number, 1 to ${WEBHOOK_LOG_PAGE_MAX}` })
    .min(1, { error: `must be a number, 1 to ${WEBHOOK_LOG_PAGE_MAX}` })
    .max(WEBHOOK_LOG_PAGE_MAX, { error: `must be a number, 1 to ${WEBHOOK_LOG_PAGE_MAX}` })
    .optional(),
  offset: z.coerce
    .number({ error: 'must be a number, 0 or more' })
    .int({ error: 'must be a number, 0 or more' })
    .min(0, { error: 'must be a number, 0 or more' })
    .max(1_000_000, { error: 'must be at most 1000000' })
    .default(0),
});
export type WebhookDeliveryQuery = z.input<typeof WebhookDeliveryQuerySchema>;

export const WebhookDeliveryAnswerSchema = z.object({
  message: z.string(),
  delivery: WebhookDeliverySchema,
});
