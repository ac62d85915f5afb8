/**
 * Running a campus from the admin area: creating and editing students and teachers, deactivating
 * and reactivating their accounts, resetting their passwords, and a person's own contact details.
 * Every body is a strict object: a field the endpoint does not take (a `role`, say) is refused.
 */
import { z } from 'zod';
import { IsoDateSchema, requiredText } from './common.js';
import { StudentSchema, TeacherSchema } from './people.js';
import { GROUP_NAME_MAX, GroupNameSchema, refuseHiddenCharacters } from './text-rules.js';

export const GENDERS = ['Female', 'Male', 'Other'] as const;
export const CATEGORIES = ['General', 'OBC', 'SC', 'ST', 'EWS'] as const;
export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const PERSON_LIMITS = { name: 100, email: 254, group: GROUP_NAME_MAX } as const;

/** Refuses fields the endpoint does not take, naming them, and a body that is not an object. */
export const strictBody = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `cannot set ${(issue.keys ?? []).join(', ')} here`
      : issue.code === 'invalid_type'
        ? 'must be a JSON object'
        : undefined,
};

/** A form sends '' for a field left empty, a client may leave it out: either is "not known" (null). */
function emptyIsNull(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? null : text;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyIsNull, schema.nullable());

/** A User ID (RollNo or teacherId): a form sends text, other clients a number. */
const USER_ID = 'must be a number of 1 to 9 digits';
export const NewUserIdSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    // Left empty, it is missing ("is required") rather than malformed.
    return text === '' ? undefined : /^\d{1,9}$/.test(text) ? Number(text) : value;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : USER_ID) })
    .int({ error: USER_ID })
    .positive({ error: USER_ID })
    .max(999_999_999, { error: USER_ID }),
);

export const EmailSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(PERSON_LIMITS.email, { error: `must be at most ${PERSON_LIMITS.email} characters` })
  .pipe(z.email({ error: 'must be an email address' }));

const PHONE = 'must be a phone number: 7 to 15 digits, with spaces, a leading +, - or brackets';
export const PhoneSchema = optional(
  z
    .string({ error: PHONE })
    .max(30, { error: PHONE })
    .regex(/^\+?[ ()-]*(?:\d[ ()-]*){7,15}$/, { error: PHONE }),
);

const optionalName = optional(
  z
    .string()
    .max(PERSON_LIMITS.name, { error: `must be at most ${PERSON_LIMITS.name} characters` })
    .superRefine(refuseHiddenCharacters),
);
/** A person's name: the same rule as a CSV import's name cells (text-rules.ts). */
const personName = requiredText(PERSON_LIMITS.name).superRefine(refuseHiddenCharacters);
const gender = optional(z.enum(GENDERS, { error: `must be one of ${GENDERS.join(', ')}` }));
const category = optional(z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }));
const dob = optional(IsoDateSchema);

const studentFields = {
  name: personName,
  FatherName: optionalName,
  MotherName: optionalName,
  Gender: gender,
  Dob: dob,
  Category: category,
  phoneNo: PhoneSchema,
  email: EmailSchema,
  group: GroupNameSchema,
  /** Left out: the guardian stays as recorded; empty: no guardian. */
  guardianName: optionalName.optional(),
  guardianEmail: optional(
    z
      .string()
      .max(PERSON_LIMITS.email, { error: `must be at most ${PERSON_LIMITS.email} characters` })
      .pipe(z.email({ error: 'must be an email address' })),
  ).optional(),
};

const teacherFields = {
  name: personName,
  Gender: gender,
  Dob: dob,
  phoneNo: PhoneSchema,
  email: EmailSchema,
};

/** PUT /api/students/:rollNo: every SPEC §3 field but the roll number, which never changes. */
export const StudentUpdateRequestSchema = z.strictObject(studentFields, strictBody);
/** POST /api/students: a new student, whose roll number is their User ID. */
export const StudentCreateRequestSchema = z.strictObject(
  { RollNo: NewUserIdSchema, ...studentFields },
  strictBody,
);
/** What a form holds or a client sends (text, or null where not known). */
export type StudentCreateInput = z.input<typeof StudentCreateRequestSchema>;
export type StudentCreateRequest = z.output<typeof StudentCreateRequestSchema>;
export type StudentUpdateRequest = z.output<typeof StudentUpdateRequestSchema>;

/** PUT /api/teachers/:teacherId: every SPEC §3 field but the teacher id; mentors are set per group. */
export const TeacherUpdateRequestSchema = z.strictObject(teacherFields, strictBody);
/** POST /api/teachers: a new teacher, whose teacher id is their User ID. */
export const TeacherCreateRequestSchema = z.strictObject(
  { teacherId: NewUserIdSchema, ...teacherFields },
  strictBody,
);
export type TeacherCreateInput = z.input<typeof TeacherCreateRequestSchema>;
export type TeacherCreateRequest = z.output<typeof TeacherCreateRequestSchema>;
export type TeacherUpdateRequest = z.output<typeof TeacherUpdateRequestSchema>;

/** One field an edit changed, from its old value to its new one (null: not known). */
export const FieldChangeSchema = z.object({
  field: z.string(),
  from: z.union([z.string(), z.number(), z.null()]),
  to: z.union([z.string(), z.number(), z.null()]),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/** The changes in words, as the audit log keeps them: "email a@x → b@x; group CSE-A → CSE-B". */
export function describeChanges(changes: readonly FieldChange[]): string {
  if (changes.length === 0) return 'no change';
  const shown = (value: FieldChange['from']) => (value === null || value === '' ? 'empty' : String(value));
  return changes.map(({ field, from, to }) => `${field} ${shown(from)} → ${shown(to)}`).join('; ');
}

/** A one-time password is in the answer to the request that made it, and nowhere else. */
export const StudentCreateResponseSchema = z.object({
  message: z.string(),
  student: StudentSchema,
  oneTimePassword: z.string(),
});
export type StudentCreateResponse = z.infer<typeof StudentCreateResponseSchema>;
export const TeacherCreateResponseSchema = z.object({
  message: z.string(),
  teacher: TeacherSchema,
  oneTimePassword: z.string(),
});
export type TeacherCreateResponse = z.infer<typeof TeacherCreateResponseSchema>;

export const StudentUpdateResponseSchema = z.object({
  message: z.string(),
  student: StudentSchema,
  changes: z.array(FieldChangeSchema),
});
export type StudentUpdateResponse = z.infer<typeof StudentUpdateResponseSchema>;
export const TeacherUpdateResponseSchema = z.object({
  message: z.string(),
  teacher: TeacherSchema,
  changes: z.array(FieldChangeSchema),
});
export type TeacherUpdateResponse = z.infer<typeof TeacherUpdateResponseSchema>;

/** PUT /api/students/:rollNo/active and /api/teachers/:teacherId/active. */
export const AccountStatusRequestSchema = z.strictObject(
  { active: z.boolean({ error: 'must be true or false' }) },
  strictBody,
);
export type AccountStatusRequest = z.infer<typeof AccountStatusRequestSchema>;
export const StudentStatusResponseSchema = z.object({ message: z.string(), student: StudentSchema });
export const TeacherStatusResponseSchema = z.object({ message: z.string(), teacher: TeacherSchema });

/** POST /api/students/:rollNo/reset-password and /api/teachers/:teacherId/reset-password. */
export const PasswordResetResponseSchema = z.object({ message: z.string(), oneTimePassword: z.string() });
export type PasswordResetResponse = z.infer<typeof PasswordResetResponseSchema>;

/**
 * PUT /api/profile/contact: a person's own email and phone number, both replaced (a phone number
 * left out or empty is removed); admins keep an email only. Nothing else of a person, their role
 * least of all, can be changed by themselves.
 */
export const OwnContactRequestSchema = z.strictObject(
  { email: EmailSchema, phoneNo: PhoneSchema },
  strictBody,
);
export type OwnContactInput = z.input<typeof OwnContactRequestSchema>;
export type OwnContactRequest = z.output<typeof OwnContactRequestSchema>;
export const OwnContactResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  phoneNo: z.string().nullable(),
  changes: z.array(FieldChangeSchema),
  /** A new address waiting for its confirmation link to be opened (only where the campus sends mail). */
  pendingEmail: z.string().optional(),
});
export type OwnContactResponse = z.infer<typeof OwnContactResponseSchema>;

/** PUT /api/guards/:guardId: a guard's name and contact details (not the guard id). */
export const GuardUpdateRequestSchema = z.strictObject(
  { name: personName, phoneNo: PhoneSchema, email: EmailSchema },
  strictBody,
);
/** POST /api/guards: a new guard (the gate desk), whose guard id is their User ID. */
export const GuardCreateRequestSchema = z.strictObject(
  { guardId: NewUserIdSchema, name: personName, phoneNo: PhoneSchema, email: EmailSchema },
  strictBody,
);
export type GuardCreateInput = z.input<typeof GuardCreateRequestSchema>;
export type GuardCreateRequest = z.output<typeof GuardCreateRequestSchema>;
export type GuardUpdateRequest = z.output<typeof GuardUpdateRequestSchema>;
