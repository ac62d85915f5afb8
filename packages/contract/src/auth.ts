import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from './constants.js';

export const RoleSchema = z.enum(ROLES);

/** The User ID is numeric; the sign-in form sends it as entered (text), other clients as a number. */
export const UserIdSchema = z.union(
  [
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, { error: 'User ID must be numeric' }),
    z.number().int().positive().max(999_999_999),
  ],
  { error: 'User ID must be numeric' },
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
