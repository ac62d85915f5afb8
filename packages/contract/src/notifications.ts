import { z } from 'zod';
import { IdSchema } from './common.js';

/** What a notification is about; the web app picks its icon and the live updates by it. */
export const NOTIFICATION_KINDS = [
  'gatepass.decided',
  'gatepass.requested',
  'gatepass.overdue',
  'query.answered',
  'notice.mentor',
  'notice.posted',
  'support.received',
  'leave.requested',
  'leave.decided',
  'attendance.risk',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications are kept this long, then pruned. */
export const NOTIFICATION_RETENTION_DAYS = 180;

export const NotificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  /** The page that shows what it is about, or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.array(NotificationSchema);

export const NotificationIdParamsSchema = z.object({ id: IdSchema });

/** The most notifications `PUT /api/notifications/read` marks at once: an inbox page and then some. */
export const MARK_READ_MAX = 100;

/** `PUT /api/notifications/read`: the ones the inbox showed, marked read when it opens. */
export const MarkShownReadSchema = z.object({
  ids: z
    .array(IdSchema)
    .min(1, 'Name at least one notification')
    .max(MARK_READ_MAX, `At most ${MARK_READ_MAX} notifications can be marked at once`),
});
export type MarkShownRead = z.infer<typeof MarkShownReadSchema>;

/** `PUT /api/notifications/read-all`: how many were marked read. */
export const MarkedReadSchema = z.object({ count: z.number() });
