import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { IdSchema, requiredText, SearchPageQuerySchema } from './common.js';
import { SUPPORT_QUERY_TYPES, SUPPORT_ROLES } from './constants.js';

export const SUPPORT_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
} as const;

export const SupportRoleSchema = z.enum(SUPPORT_ROLES, { error: 'must be Student or Teacher' });
export type SupportRole = z.infer<typeof SupportRoleSchema>;

export const SupportQueryTypeSchema = z.enum(SUPPORT_QUERY_TYPES, { error: 'must be Bug Report or Query' });
export type SupportQueryType = z.infer<typeof SupportQueryTypeSchema>;

/** `POST /api/support-add` body (SPEC §5): name, email and message required; role and type defaulted. */
export const SupportRequestSchema = z.object(
  {
    name: requiredText(SUPPORT_LIMITS.name),
    email: requiredText(SUPPORT_LIMITS.email).pipe(z.email({ error: 'must be a valid email address' })),
    role: SupportRoleSchema.default('Student'),
    queryType: SupportQueryTypeSchema.default('Bug Report'),
    message: requiredText(SUPPORT_LIMITS.message),
  },
  { error: 'must be a JSON object' },
);
/** What a form sends (role and queryType may be left out). */
export type SupportRequest = z.input<typeof SupportRequestSchema>;
/** What the server works with (defaults applied, texts trimmed). */
export type SupportRequestParsed = z.output<typeof SupportRequestSchema>;

/** Where a support message is in the admin's inbox: new until the admin takes it up. */
export const SUPPORT_STATUSES = ['new', 'in_progress', 'resolved'] as const;
export const SupportStatusSchema = z.enum(SUPPORT_STATUSES, {
  error: 'must be new, in_progress or resolved',
});
export type SupportStatus = z.infer<typeof SupportStatusSchema>;
/** How a status reads on screen. */
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  resolved: 'Resolved',
};

/**
 * The reference number a sender quotes ("SR-3F2A9C1B"): the last eight hex digits of the message's
 * stored id, upper-cased, so it is fixed from the moment the message is saved and needs no counter.
 */
export function supportReference(id: string): string {
  return `SR-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}

/** A stored support message (SPEC §3) as the admin's support inbox shows it. */
export const SupportMessageSchema = z.object({
  _id: z.string(),
  /** `supportReference(_id)`, shown to the sender and in the inbox. */
  reference: z.string(),
  status: SupportStatusSchema,
  name: z.string(),
  email: z.string(),
  role: SupportRoleSchema,
  queryType: SupportQueryTypeSchema,
  message: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

/** `POST /api/support-add` answer (201). */
export const SupportAddResponseSchema = z.object({
  message: z.literal(MESSAGES.support.sent),
  support: SupportMessageSchema,
});
export type SupportAddResponse = z.infer<typeof SupportAddResponseSchema>;

/**
 * `GET /api/supports`: newest first; `search` looks in name, email and message (and a reference
 * number); `status` keeps the messages of one status.
 */
export const SupportListQuerySchema = SearchPageQuerySchema.extend({
  status: SupportStatusSchema.optional(),
});
export type SupportListQuery = z.input<typeof SupportListQuerySchema>;
export const SupportMessageListSchema = z.array(SupportMessageSchema);

/** `PUT /api/supports/:id/status` (admins): where a message is in the inbox. */
export const SupportIdParamsSchema = z.object({ id: IdSchema });
export const SupportStatusRequestSchema = z.object(
  { status: SupportStatusSchema },
  { error: 'must be a JSON object' },
);
export type SupportStatusRequest = z.infer<typeof SupportStatusRequestSchema>;

/** `GET /api/supports/status-counts` (admins): how many messages have each status. */
export const SupportStatusCountsSchema = z.object({
  new: z.number(),
  in_progress: z.number(),
  resolved: z.number(),
});
export type SupportStatusCounts = z.infer<typeof SupportStatusCountsSchema>;
