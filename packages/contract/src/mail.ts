import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { UserIdSchema } from './auth.js';

/** What a person may hear of by email (decision record 0034). */
export const MAIL_KINDS = [
  'gatePassDecided',
  'queryAnswered',
  'notices',
  'menteeRequests',
  'supportMessages',
  'attendanceRisk',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_MODES = ['now', 'digest', 'off'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  gatePassDecided: 'Gate pass or leave decided',
  queryAnswered: 'Query answered',
  notices: 'Notices for me',
  menteeRequests: 'Mentee requests',
  supportMessages: 'Support messages',
  attendanceRisk: 'Attendance at risk in a course',
};

export const MAIL_MODE_LABELS: Record<MailMode, string> = {
  now: 'At once',
  digest: 'Daily digest',
  off: 'Off',
};

/** Personal events come at once; notices, which can be many a day, in the daily digest. */
export const DEFAULT_MAIL_MODES: Record<MailKind, MailMode> = {
  gatePassDecided: 'now',
  queryAnswered: 'now',
  notices: 'digest',
  menteeRequests: 'now',
  supportMessages: 'now',
  attendanceRisk: 'now',
};

/** The kinds each role can receive, in the order the settings list them. */
export const MAIL_KINDS_BY_ROLE = {
  student: ['gatePassDecided', 'queryAnswered', 'notices', 'attendanceRisk'],
  teacher: ['menteeRequests'],
  admin: ['supportMessages'],
  // A guard is told nothing by mail: the desk is their one screen.
  guard: [],
  // A guardian hears of their children through the guardian mails (decision record 0091).
  guardian: [],
} as const satisfies Record<string, readonly MailKind[]>;

const ModeSchema = z.enum(MAIL_MODES, { error: 'must be now, digest or off' });

export const MailSettingsSchema = z.object({
  /** False when the campus has not set up email: nothing is sent whatever the choices. */
  emailEnabled: z.boolean(),
  /** Where the mails go: the account's email address. */
  address: z.string(),
  kinds: z.array(z.enum(MAIL_KINDS)),
  modes: z.record(z.enum(MAIL_KINDS), ModeSchema),
});
export type MailSettings = z.infer<typeof MailSettingsSchema>;

export const MailSettingsUpdateSchema = z
  .object({
    gatePassDecided: ModeSchema.optional(),
    queryAnswered: ModeSchema.optional(),
    notices: ModeSchema.optional(),
    menteeRequests: ModeSchema.optional(),
    supportMessages: ModeSchema.optional(),
  })
  .strict();
export type MailSettingsUpdate = z.infer<typeof MailSettingsUpdateSchema>;

/** What the campus sends a student's guardian (admin). */
export const GuardianSettingsSchema = z.object({
  emailEnabled: z.boolean(),
  attendanceBelowWarning: z.boolean(),
  gatePass: z.boolean(),
});
export type GuardianSettings = z.infer<typeof GuardianSettingsSchema>;
export const GuardianSettingsUpdateSchema = z
  .object({ attendanceBelowWarning: z.boolean().optional(), gatePass: z.boolean().optional() })
  .strict();

export const MailStatusSchema = z.object({ emailEnabled: z.boolean() });

export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(1000) });

/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 30;

export const ForgotPasswordRequestSchema = z.object({ userId: UserIdSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** The one answer to every request for a reset link, whether the account exists or not. */
export const FORGOT_PASSWORD_ANSWER =
  'If that User ID belongs to an account with an email address, a link to choose a new password is on its way there. It works once, for 30 minutes. No mail? Check the spam folder, or ask an admin for a one-time password.';

export const EMAIL_OFF_RESET_MESSAGE =
  'This campus does not send email, so a reset link cannot be sent. Please ask an admin for a one-time password.';

export const ResetPasswordRequestSchema = z.object({
  token: z
    .string()
    .min(1, { error: 'The reset link is incomplete' })
    .max(200, { error: 'The reset link is not valid' }),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, { error: `New password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: 'New password is too long' }),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const RESET_LINK_INVALID =
  'This reset link is not valid any more: it was used or it expired. Ask for a new one.';

// ---------------------------------------------------------------- confirming a new email address

/** How long a link to confirm a new email address works. */
export const EMAIL_VERIFY_HOURS = 24;

export const VerifyEmailRequestSchema = z.object({
  token: z
    .string({ error: 'The confirmation link is incomplete' })
    .min(1, { error: 'The confirmation link is incomplete' })
    .max(200, { error: 'The confirmation link is not valid' }),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

export const EMAIL_LINK_INVALID =
  'This confirmation link is not valid any more: it was used, it expired, or a newer address was asked for. Change your email on your profile again.';

/** What the profile says after a new address was asked for, before it is confirmed. */
export const emailPendingMessage = (email: string) =>
  `Contact details saved. To use ${email}, open the link we sent to it within ${EMAIL_VERIFY_HOURS} hours; until then your mail goes to your current address.`;
