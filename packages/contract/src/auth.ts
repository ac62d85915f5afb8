import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from './constants.js';

export const RoleSchema = z.enum(ROLES);

const USER_ID_NUMERIC = { error: 'User ID must be numeric' };

/** The User ID is numeric; the sign-in form sends it as entered (text), other clients as a number. */
export const UserIdSchema = z.union(
  [
    z
      .string()
      .trim()
      .min(1, { error: 'User ID is required' })
      .regex(/^\d{1,9}$/, USER_ID_NUMERIC),
    z
      .number(USER_ID_NUMERIC)
      .int(USER_ID_NUMERIC)
      .positive(USER_ID_NUMERIC)
      .max(999_999_999, USER_ID_NUMERIC),
  ],
  USER_ID_NUMERIC,
);

export const LoginRequestSchema = z.object({
  userId: UserIdSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH, { error: 'Password is too long' }),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  role: RoleSchema,
  message: z.string(),
  /** True while the password is a one-time password: the person must choose their own first. */
  mustChangePassword: z.literal(true).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The token payload of SPEC §3 plus the role. */
export const DecodedSchema = z.object({
  role: RoleSchema,
  name: z.string(),
  email: z.string(),
  RollNo: z.number().optional(),
  teacherId: z.number().optional(),
  adminId: z.number().optional(),
  exp: z.number(),
  /** True while the person must replace a one-time password before anything else. */
  mustChangePassword: z.literal(true).optional(),
});
export type Decoded = z.infer<typeof DecodedSchema>;
export const DecodedResponseSchema = z.object({ decoded: DecodedSchema });
export const TokenParamsSchema = z.object({ token: z.string().max(4096) });

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, {
      error: `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    })
    .max(PASSWORD_MAX_LENGTH, { error: 'New password is too long' }),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** What every other signed-in call answers (403) while a one-time password waits to be replaced. */
export const MUST_CHANGE_PASSWORD_MESSAGE = 'Please choose a new password before you go on.';

/** The "Choose a new password" form: the request, and the new password typed twice alike. */
export const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({
  confirmPassword: z.string(),
}).refine((form) => form.confirmPassword === form.newPassword, {
  path: ['confirmPassword'],
  error: 'The new passwords do not match',
});
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;
