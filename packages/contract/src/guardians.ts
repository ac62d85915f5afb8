/**
 * Guardians as users (decision record 0091): an admin creates a guardian and links them to students;
 * the guardian signs in with a one-time code mailed to them (or a password) and sees their own
 * children only: today, attendance with the forecast, gate passes and their movements, leave, marks.
 */
import { z } from 'zod';
import { IsoDateSchema, requiredText, RollNoSchema, SearchPageQuerySchema } from './common.js';
import { CourseStandingsSchema } from './lecture-attendance.js';
import { EmailSchema, NewUserIdSchema, PERSON_LIMITS, PhoneSchema, strictBody } from './people-admin.js';
import { ChangePasswordRequestSchema } from './auth.js';
import { refuseHiddenCharacters } from './text-rules.js';

/** How long a sign-in code works, and how many wrong tries it takes. */
export const GUARDIAN_CODE_MINUTES = 10;
export const GUARDIAN_CODE_TRIES = 5;
export const GUARDIAN_CODE_LENGTH = 6;
/** The one answer to a code request, whether or not the address is a guardian's. */
export const GUARDIAN_CODE_ANSWER =
  'If this address belongs to a guardian, a sign-in code is on its way. It works for 10 minutes.';
/** The one refusal of a code, whatever was wrong with it. */
export const GUARDIAN_CODE_REFUSED = 'That code is not right or has expired. Ask for a new code.';
/** The longest reason a guardian gives for an absence; who reported it is added before it. */
export const GUARDIAN_ABSENCE_REASON_MAX = 800;
/** A guardian's User ID is given by the portal, from this number up. */
export const GUARDIAN_ID_BASE = 800_000;

const personName = requiredText(PERSON_LIMITS.name).superRefine(refuseHiddenCharacters);
/** How the family says it: "Mother", "Father", "Uncle", "Guardian". */
export const RelationSchema = requiredText(40).superRefine(refuseHiddenCharacters);

export const GuardianCreateRequestSchema = z.strictObject(
  {
    name: personName,
    email: EmailSchema,
    phoneNo: PhoneSchema,
    /** Left out: the portal gives the next free guardian User ID. */
    guardianId: NewUserIdSchema.optional(),
  },
  strictBody,
);
export type GuardianCreateInput = z.input<typeof GuardianCreateRequestSchema>;

export const GuardianChildLinkSchema = z.object({
  rollNo: z.number(),
  name: z.string(),
  relation: z.string(),
});

export const GuardianSchema = z.object({
  guardianId: z.number(),
  name: z.string(),
  email: z.string(),
  phoneNo: z.string().nullable(),
  active: z.boolean(),
  children: z.array(GuardianChildLinkSchema),
});
export type Guardian = z.infer<typeof GuardianSchema>;
export const GuardianListSchema = z.array(GuardianSchema);
export const GuardianListQuerySchema = SearchPageQuerySchema;

export const GuardianIdParamsSchema = z.object({
  guardianId: z.coerce
    .number({ error: 'must be a guardian id' })
    .int({ error: 'must be a guardian id' })
    .positive({ error: 'must be a guardian id' })
    .max(999_999_999, { error: 'must be a guardian id' }),
});
export const GuardianLinkParamsSchema = GuardianIdParamsSchema.extend({ rollNo: RollNoSchema });
export const GuardianLinkRequestSchema = z.strictObject({ relation: RelationSchema }, strictBody);

/** A student's guardians, as the student, their mentors and the office see them. */
export const StudentGuardianSchema = z.object({
  guardianId: z.number(),
  name: z.string(),
  email: z.string(),
  phoneNo: z.string().nullable(),
  relation: z.string(),
});
export const StudentGuardianListSchema = z.array(StudentGuardianSchema);

const guardianEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(PERSON_LIMITS.email, { error: 'Email is too long' })
  .pipe(z.email({ error: 'Enter an email address' }));

export const GuardianCodeRequestSchema = z.object({ email: guardianEmail });
export const GuardianSignInRequestSchema = z.object({
  email: guardianEmail,
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The code is 6 digits' }),
});

/** Where a child is now: in school, out on a gate pass since a time, or on leave today. */
export const ChildTodaySchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('in') }),
  /** `since`: the campus's wall clock time (HH:MM) the child went out; `returnBy` when they said. */
  z.object({ state: z.literal('out'), since: z.string(), returnBy: z.string().nullable() }),
  z.object({ state: z.literal('leave'), until: z.string() }),
]);
export type ChildToday = z.infer<typeof ChildTodaySchema>;

export const GuardianChildSchema = z.object({
  rollNo: z.number(),
  name: z.string(),
  group: z.string(),
  relation: z.string(),
  today: ChildTodaySchema,
});
export type GuardianChild = z.infer<typeof GuardianChildSchema>;
export const GuardianChildListSchema = z.array(GuardianChildSchema);

export const GuardianPassSchema = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  returnBy: z.string().nullable(),
  exitedAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  revoked: z.boolean(),
  /** Where the pass stands with the guardian; null when no consent was asked (decision record 0092). */
  consent: z.enum(['waiting', 'given', 'declined']).nullable().optional(),
});
export const GuardianLeaveSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  status: z.string(),
});
export const GuardianMarksSchema = z.object({
  semesters: z.array(z.object({ semester: z.string(), sgpa: z.number().nullable() })),
  cgpa: z.number().nullable(),
});

/** Everything a guardian sees of one child, on one screen. */
export const GuardianChildDetailSchema = GuardianChildSchema.extend({
  attendance: CourseStandingsSchema.nullable(),
  passes: z.array(GuardianPassSchema),
  leave: z.array(GuardianLeaveSchema),
  marks: GuardianMarksSchema.nullable(),
  /** The campus's time zone (IANA): a pass's exit and return are shown on the campus's clock. */
  timeZone: z.string(),
});
export type GuardianChildDetail = z.infer<typeof GuardianChildDetailSchema>;

/** "Not coming today / until Friday": a leave application on the child's behalf, decided by the mentor. */
export const GuardianAbsenceRequestSchema = z.strictObject(
  {
    from: IsoDateSchema,
    to: IsoDateSchema,
    reason: requiredText(GUARDIAN_ABSENCE_REASON_MAX).superRefine(refuseHiddenCharacters),
  },
  strictBody,
);
export type GuardianAbsenceRequest = z.input<typeof GuardianAbsenceRequestSchema>;

/** How long after signing in by code a guardian may choose a password without giving the old one. */
export const GUARDIAN_PASSWORD_WINDOW_MINUTES = 15;
/** A password for a guardian who signed in by code: the code proved the address, as a reset link does. */
export const GuardianPasswordRequestSchema = z.strictObject(
  { newPassword: ChangePasswordRequestSchema.shape.newPassword },
  strictBody,
);
