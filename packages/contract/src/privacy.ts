/** Each person's data (decision record 0084): the export archive and the erasure of who has left. */
import { z } from 'zod';

export const AccountIdParamsSchema = z.object({
  accountId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    error: 'must be an account id',
  }),
});

/** The admin types the person's User ID again: an erasure cannot be undone. */
export const EraseRequestSchema = z.object({
  confirmUserId: z.coerce
    .number({ error: 'must be the User ID of the person' })
    .int({ error: 'must be the User ID of the person' })
    .positive({ error: 'must be the User ID of the person' })
    .max(999_999_999, { error: 'must be the User ID of the person' }),
});
export type EraseRequest = z.input<typeof EraseRequestSchema>;

export const EraseResponseSchema = z.object({
  message: z.string(),
  /** What the person is called from now on, in lists and in the audit log. */
  pseudonym: z.string(),
  /** How many rows of each kind were deleted or emptied of personal data. */
  erased: z.record(z.string(), z.number()),
});
export type EraseResponse = z.infer<typeof EraseResponseSchema>;

/** The longest wait after deactivation a campus may set: ten years. */
export const MAX_ERASURE_WAIT_DAYS = 3650;

export const PrivacySettingsSchema = z.object({
  /** Days an account must have been deactivated before its personal data may be erased (0: at once). */
  erasureWaitDays: z
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be 0 or more' })
    .max(MAX_ERASURE_WAIT_DAYS, { error: `must be at most ${MAX_ERASURE_WAIT_DAYS}` }),
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

/** The text that replaces what an erased person wrote. */
export const ERASED_TEXT = '[erased]';

/** "Erased student 7f3a9c": the role and six characters of the account id, never the User ID. */
export function erasedPseudonym(role: string, accountId: string): string {
  return `Erased ${role} ${accountId.replace(/-/g, '').slice(-6)}`;
}
