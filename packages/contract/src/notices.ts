import { z } from 'zod';
import { IsoDateSchema, requiredText, TimeSchema } from './common.js';

/** The three kinds of notice of SPEC §3, as `type` of `POST /api/create-notice` (SPEC §7). */
export const NOTICE_TYPES = ['mentorNotice', 'eventNotice', 'generalNotice'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const NOTICE_LIMITS = {
  name: 100,
  heading: 200,
  email: 254,
  description: 5000,
} as const;

/** The `data` of a create request: 'data is required' when it is missing. */
const dataObject = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object'),
  });

/** A required, trimmed email address. */
const requiredEmail = requiredText(NOTICE_LIMITS.email).pipe(z.email({ error: 'must be a valid email' }));

// ---- Stored notices, as every list and the create answer show them (§3 names plus createdAt) ----

export const MentorNoticeSchema = z.object({
  _id: z.string(),
  teacherName: z.string(),
  email: z.string(),
  heading: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type MentorNotice = z.infer<typeof MentorNoticeSchema>;

export const EventNoticeSchema = z.object({
  _id: z.string(),
  eventName: z.string(),
  hostBy: z.string(),
  contactEmail: z.string(),
  date: z.string(),
  time: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type EventNotice = z.infer<typeof EventNoticeSchema>;

export const GeneralNoticeSchema = z.object({
  _id: z.string(),
  heading: z.string(),
  contactEmail: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type GeneralNotice = z.infer<typeof GeneralNoticeSchema>;

export const MentorNoticeListSchema = z.array(MentorNoticeSchema);
export const EventNoticeListSchema = z.array(EventNoticeSchema);
export const GeneralNoticeListSchema = z.array(GeneralNoticeSchema);

// ---- What the create forms send as `data` (§5: every field required, emails are emails) ----

/**
 * A mentor notice's author is the signed-in teacher: `teacherName` and `email` may be sent (the
 * spec's form has them) but the server ignores them and uses the teacher's own name and email.
 */
export const MentorNoticeDataSchema = dataObject({
  teacherName: z
    .string()
    .max(NOTICE_LIMITS.name)
    .optional()
    .meta({ description: 'Ignored: the signed-in teacher is the author' }),
  email: z
    .string()
    .max(NOTICE_LIMITS.email)
    .optional()
    .meta({ description: "Ignored: the signed-in teacher's email is used" }),
  heading: requiredText(NOTICE_LIMITS.heading),
  description: requiredText(NOTICE_LIMITS.description),
});
export type MentorNoticeData = z.input<typeof MentorNoticeDataSchema>;

export const EventNoticeDataSchema = dataObject({
  eventName: requiredText(NOTICE_LIMITS.heading),
  hostBy: requiredText(NOTICE_LIMITS.name),
  contactEmail: requiredEmail,
  date: requiredText(10).pipe(IsoDateSchema),
  time: requiredText(5).pipe(TimeSchema),
  description: requiredText(NOTICE_LIMITS.description),
});
export type EventNoticeData = z.input<typeof EventNoticeDataSchema>;

export const GeneralNoticeDataSchema = dataObject({
  heading: requiredText(NOTICE_LIMITS.heading),
  contactEmail: requiredEmail,
  description: requiredText(NOTICE_LIMITS.description),
});
export type GeneralNoticeData = z.input<typeof GeneralNoticeDataSchema>;

/** `POST /api/create-notice` body: `{ type, data }`, `data` holding that kind's fields. */
export const CreateNoticeRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('mentorNotice'), data: MentorNoticeDataSchema }),
    z.object({ type: z.literal('eventNotice'), data: EventNoticeDataSchema }),
    z.object({ type: z.literal('generalNotice'), data: GeneralNoticeDataSchema }),
  ],
  {
    error: (issue) =>
      issue.input === undefined ? 'is required' : `must be one of ${NOTICE_TYPES.join(', ')}`,
  },
);
export type CreateNoticeRequest = z.input<typeof CreateNoticeRequestSchema>;

/** The create answer: the §8 message, the kind, and the stored notice (to add to its list). */
export const CreateNoticeResponseSchema = z.discriminatedUnion('type', [
  z.object({ message: z.string(), type: z.literal('mentorNotice'), notice: MentorNoticeSchema }),
  z.object({ message: z.string(), type: z.literal('eventNotice'), notice: EventNoticeSchema }),
  z.object({ message: z.string(), type: z.literal('generalNotice'), notice: GeneralNoticeSchema }),
]);
export type CreateNoticeResponse = z.infer<typeof CreateNoticeResponseSchema>;
