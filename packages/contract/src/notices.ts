import { z } from 'zod';
import { IsoDateSchema, requiredText, TimeSchema } from './common.js';
import { audienceNamesGroups } from './constants.js';

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

// ---- Who a notice is for and when it shows (issue 23) ----

/**
 * All of the campus, chosen groups, all students or all teachers (staff always see every notice);
 * or guardians (decision record 0093): every guardian, or the guardians of the chosen groups'
 * students. A notice for guardians is not shown to students, and `all` does not reach guardians.
 */
export const NOTICE_AUDIENCES = [
  'all',
  'groups',
  'students',
  'teachers',
  'guardians',
  'guardianGroups',
] as const;
export type NoticeAudienceKind = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_GROUPS_MAX = 50;

/** The audience as a list shows it to the notice's author and to admins. */
export const NoticeAudienceSchema = z.object({
  kind: z.enum(NOTICE_AUDIENCES),
  /** The groups, when `kind` is 'groups'. */
  groups: z.array(z.string()),
});
export type NoticeAudience = z.infer<typeof NoticeAudienceSchema>;

/** What every stored notice adds to its §3 fields. */
const scheduling = {
  /** When it shows (its creation unless scheduled). */
  startsAt: z.string().optional(),
  /** When it leaves the lists; null: never. */
  endsAt: z.string().nullable().optional(),
  /** Pinned notices come first. */
  pinned: z.boolean().optional(),
  /** Who it is for: given to the author and to admins only. */
  audience: NoticeAudienceSchema.optional(),
};

const IsoTimeSchema = z.iso.datetime({
  offset: true,
  error: 'must be a date and time such as 2030-01-31T09:00:00Z',
});

/** What the create forms may add to `data`: who it is for, when it starts and ends, pinned. */
const targeting = {
  audience: z
    .enum(NOTICE_AUDIENCES, { error: `must be one of ${NOTICE_AUDIENCES.join(', ')}` })
    .default('all'),
  groups: z
    .array(z.string().trim().min(1, { error: 'must not be empty' }).max(50), {
      error: 'must be a list of group names',
    })
    .max(NOTICE_GROUPS_MAX, { error: `must name at most ${NOTICE_GROUPS_MAX} groups` })
    .default([]),
  startsAt: IsoTimeSchema.nullable().optional(),
  endsAt: IsoTimeSchema.nullable().optional(),
  pinned: z.boolean({ error: 'must be true or false' }).default(false),
};

/** The targeting of a create request, checked across its fields. */
export function targetingProblem(data: {
  audience: NoticeAudienceKind;
  groups: string[];
  startsAt?: string | null | undefined;
  endsAt?: string | null | undefined;
}): string | undefined {
  if (audienceNamesGroups(data.audience) && data.groups.length === 0)
    return `data.groups must name at least one group when the audience is ${data.audience}`;
  if (!audienceNamesGroups(data.audience) && data.groups.length > 0)
    return 'data.groups may be given only when the audience is groups or guardianGroups';
  if (data.startsAt && data.endsAt && Date.parse(data.endsAt) <= Date.parse(data.startsAt))
    return 'data.endsAt must be after data.startsAt';
  return undefined;
}

// ---- Stored notices, as every list and the create answer show them (§3 names plus createdAt) ----

export const MentorNoticeSchema = z.object({
  _id: z.string(),
  teacherName: z.string(),
  email: z.string(),
  heading: z.string(),
  description: z.string(),
  createdAt: z.string(),
  ...scheduling,
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
  ...scheduling,
});
export type EventNotice = z.infer<typeof EventNoticeSchema>;

export const GeneralNoticeSchema = z.object({
  _id: z.string(),
  heading: z.string(),
  contactEmail: z.string(),
  description: z.string(),
  createdAt: z.string(),
  ...scheduling,
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
  ...targeting,
});
export type MentorNoticeData = z.input<typeof MentorNoticeDataSchema>;

export const EventNoticeDataSchema = dataObject({
  eventName: requiredText(NOTICE_LIMITS.heading),
  hostBy: requiredText(NOTICE_LIMITS.name),
  contactEmail: requiredEmail,
  date: requiredText(10).pipe(IsoDateSchema),
  time: requiredText(5).pipe(TimeSchema),
  description: requiredText(NOTICE_LIMITS.description),
  ...targeting,
});
export type EventNoticeData = z.input<typeof EventNoticeDataSchema>;

export const GeneralNoticeDataSchema = dataObject({
  heading: requiredText(NOTICE_LIMITS.heading),
  contactEmail: requiredEmail,
  description: requiredText(NOTICE_LIMITS.description),
  ...targeting,
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

// ---- Search (issue 23): words in notices and events, ranked, the words marked ----

/** `GET /api/notices/search`: words to look for; `type` keeps one kind. The best 20 are answered. */
export const NoticeSearchQuerySchema = z.object({
  q: requiredText(100),
  type: z.enum(NOTICE_TYPES, { error: `must be one of ${NOTICE_TYPES.join(', ')}` }).optional(),
});
export type NoticeSearchQuery = z.input<typeof NoticeSearchQuerySchema>;

export const NoticeSearchHitSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTICE_TYPES),
  /** The heading (the event's name), found words between HIGHLIGHT_START and HIGHLIGHT_END. */
  title: z.string(),
  /** The part of the text around the found words, marked the same way. */
  snippet: z.string(),
  startsAt: z.string(),
});
export type NoticeSearchHit = z.infer<typeof NoticeSearchHitSchema>;
export const NoticeSearchListSchema = z.array(NoticeSearchHitSchema);
