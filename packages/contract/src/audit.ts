import { z } from 'zod';
import { PageQuerySchema } from './common.js';

/** The kinds of state change the audit log records. */
export const AUDIT_KINDS = [
  'signin.success',
  'signin.failure',
  'signin.lockout',
  'signout',
  'password.change',
  'password.failure',
  'password.reset',
  'password.recovered',
  'account.status',
  'student.create',
  'student.update',
  'teacher.create',
  'teacher.update',
  'profile.contact',
  'group.create',
  'group.rename',
  'group.mentors',
  'group.move',
  'gatepass.submit',
  'gatepass.decision',
  'gatepass.withdraw',
  'gatepass.revoke',
  'gate.scan',
  'gate.exit',
  'gate.return',
  'guard.create',
  'guard.update',
  'query.submit',
  'query.solution',
  'query.like',
  'query.visibility',
  'query.reveal',
  'attendance.mark',
  'attendance.correct',
  'attendance.override_leave',
  'leave.apply',
  'leave.withdraw',
  'leave.decision',
  'settings.attendance',
  'marks.update',
  'notice.create',
  'syllabus.add',
  'support.submit',
  'faq.create',
  'faq.update',
  'faq.delete',
  'write.limit',
  'import.apply',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  kind: z.string(),
  actorLoginId: z.number().nullable(),
  actorRole: z.string().nullable(),
  actorName: z.string().nullable(),
  target: z.string().nullable(),
  detail: z.string().nullable(),
  /** The client's address (IPv6 by /64), on sign-in entries. */
  client: z.string().nullable(),
  /** How many refusals the entry stands for (refusals of one User ID are counted in one entry). */
  count: z.number(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.array(AuditEntrySchema);

export const AuditQuerySchema = PageQuerySchema.extend({
  kind: z.enum(AUDIT_KINDS, { error: 'must be a known kind of change' }).optional(),
  actor: z.coerce
    .number({ error: 'must be a User ID' })
    .int({ error: 'must be a User ID' })
    .positive({ error: 'must be a User ID' })
    .max(999_999_999, { error: 'must be a User ID' })
    .optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;
