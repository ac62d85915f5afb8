import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { requiredText, SearchPageQuerySchema } from './common.js';
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

/** A stored support message (SPEC §3) as the admin Support Collection shows it. */
export const SupportMessageSchema = z.object({
  _id: z.string(),
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

/** `GET /api/supports`: newest first; `search` looks in name, email and message. */
export const SupportListQuerySchema = SearchPageQuerySchema;
export type SupportListQuery = z.input<typeof SupportListQuerySchema>;
export const SupportMessageListSchema = z.array(SupportMessageSchema);
