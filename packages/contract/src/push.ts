import { z } from 'zod';
import { MAIL_KINDS } from './mail.js';
import type { NotificationKind } from './notifications.js';

/**
 * Web Push (decision record 0088): a person turns push on per device, and per kind on each device.
 * The kinds are the email settings' kinds, so that one word means the same thing in both places.
 */
export const PUSH_KINDS = MAIL_KINDS;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * What a lock screen may show: a title per kind of notification, never its text (no names, no
 * reasons). The app fetches the text after sign-in, when the notification is opened.
 */
export const PUSH_TITLES: Record<NotificationKind, string> = {
  'gatepass.decided': 'Your gate pass was decided',
  'gatepass.requested': 'New gate pass request',
  'gatepass.overdue': 'A mentee is late back',
  'query.answered': 'Your query was answered',
  'notice.mentor': 'New mentor notice',
  'notice.posted': 'New notice',
  'support.received': 'New support message',
  'leave.requested': 'New leave request',
  'leave.decided': 'Your leave was decided',
  'attendance.risk': 'Attendance at risk in a course',
};

/** What a push message carries, and all it carries. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  /** A path inside the portal ("/student/gatepass?…"). */
  url: z.string(),
  /** Messages with one tag replace each other on the device. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** Bounds on what a browser sends: push services' endpoints are well under 1,000 characters. */
export const PUSH_ENDPOINT_MAX = 2048;
const KEY_MESSAGE = 'must be the base64url text the browser gave';

export const PushKeySchema = z.object({
  /** The VAPID public key (base64url), the `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: z.string(),
});

/** A browser's PushSubscription as `subscription.toJSON()` gives it, and a name for the device. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .string()
    .min(1, { error: 'endpoint is missing' })
    .max(PUSH_ENDPOINT_MAX, {
      error: `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`,
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22 characters).
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: `keys.p256dh ${KEY_MESSAGE}` }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, { error: `keys.auth ${KEY_MESSAGE}` }),
  }),
  /** "Chrome on Android", say: to tell one's devices apart. */
  label: z.string().trim().max(80, { error: 'label must be at most 80 characters' }).optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushEndpointSchema = z.object({
  endpoint: z
    .string()
    .min(1, { error: 'endpoint is missing' })
    .max(PUSH_ENDPOINT_MAX, {
      error: `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`,
    }),
});

const KindsOnSchema = z.record(z.enum(PUSH_KINDS), z.boolean());

export const PushDeviceSchema = z.object({
  _id: z.string(),
  label: z.string(),
  /** The endpoint's address, so that the browser can tell which device is itself. */
  endpoint: z.string(),
  createdAt: z.string(),
  /** When a message last reached its push service, or null. */
  lastPushedAt: z.string().nullable(),
  /** Per kind: whether this device is pushed it. */
  kinds: KindsOnSchema,
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushDevicesSchema = z.object({
  /** The kinds the person's role is told of, in the order the settings list them. */
  kinds: z.array(z.enum(PUSH_KINDS)),
  devices: z.array(PushDeviceSchema),
});
export type PushDevices = z.infer<typeof PushDevicesSchema>;

export const PushDeviceParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Turns kinds on or off for one device; kinds not named keep their setting. */
export const PushDeviceUpdateSchema = z
  .object({ kinds: z.partialRecord(z.enum(PUSH_KINDS), z.boolean()) })
  .strict();
export type PushDeviceUpdate = z.infer<typeof PushDeviceUpdateSchema>;
