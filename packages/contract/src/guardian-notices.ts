/**
 * What guardians read and choose (decision record 0093): the notices meant for guardians, and how
 * each kind of news of each child reaches them by email: at once, in one daily digest, or not at all.
 */
import { z } from 'zod';
import { PageQuerySchema, RollNoSchema } from './common.js';
import { MAIL_MODES, type MailMode } from './mail.js';
import { NOTICE_TYPES } from './notices.js';
import { strictBody } from './people-admin.js';

/** A notice for guardians, as the guardian's notices page shows it, whatever its kind. */
export const GuardianNoticeSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTICE_TYPES),
  title: z.string(),
  description: z.string(),
  /** Who wrote it: the mentor's name, or the event's host; null for a general notice. */
  from: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** The event's day and time; null for other notices. */
  eventDate: z.string().nullable(),
  eventTime: z.string().nullable(),
  startsAt: z.string(),
  pinned: z.boolean(),
});
export type GuardianNotice = z.infer<typeof GuardianNoticeSchema>;
export const GuardianNoticeListSchema = z.array(GuardianNoticeSchema);
export const GuardianNoticeQuerySchema = PageQuerySchema;

/** What a guardian may hear of, each child apart. */
export const GUARDIAN_MAIL_KINDS = ['movements', 'attendance', 'leave', 'notices'] as const;
export type GuardianMailKind = (typeof GUARDIAN_MAIL_KINDS)[number];

/** News of a child comes at once; notices, which may be many, in the digest. */
export const DEFAULT_GUARDIAN_MODES: Record<GuardianMailKind, MailMode> = {
  movements: 'now',
  attendance: 'now',
  leave: 'now',
  notices: 'digest',
};

const GuardianModesSchema = z.object({
  movements: z.enum(MAIL_MODES),
  attendance: z.enum(MAIL_MODES),
  leave: z.enum(MAIL_MODES),
  notices: z.enum(MAIL_MODES),
});
export type GuardianModes = z.infer<typeof GuardianModesSchema>;

export const GuardianChildModesSchema = z.object({
  rollNo: z.number(),
  name: z.string(),
  modes: GuardianModesSchema,
});

export const GuardianNotificationSettingsSchema = z.object({
  /** False when the campus has not set up email: nothing is sent whatever the choices. */
  emailEnabled: z.boolean(),
  address: z.string(),
  children: z.array(GuardianChildModesSchema),
});
export type GuardianNotificationSettings = z.infer<typeof GuardianNotificationSettingsSchema>;

const modeOf = (field: string) =>
  z.enum(MAIL_MODES, { error: `${field} must be now, digest or off` }).optional();

/** One child's choices to change; a kind left out keeps its mode. */
export const GuardianModesUpdateSchema = z.strictObject(
  {
    rollNo: RollNoSchema,
    modes: z.strictObject(
      {
        movements: modeOf('movements'),
        attendance: modeOf('attendance'),
        leave: modeOf('leave'),
        notices: modeOf('notices'),
      },
      strictBody,
    ),
  },
  strictBody,
);
export type GuardianModesUpdate = z.infer<typeof GuardianModesUpdateSchema>;
