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
  'gatepass.close',
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
  'lecture.mark',
  'lecture.override_leave',
  'timetable.change',
  'leave.apply',
  'leave.withdraw',
  'leave.decision',
  'settings.attendance',
  'marks.update',
  'notice.create',
  'syllabus.add',
  'support.submit',
  'support.status',
  'faq.create',
  'faq.update',
  'faq.delete',
  'write.limit',
  'import.apply',
  'person.export',
  'person.erase',
  'settings.privacy',
  'api_client.create',
  'api_client.revoke',
  'api_client.use',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How each kind reads on screen: the keys above are for the API and the logs, never shown. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'signin.success': 'Signed in',
  'signin.failure': 'Sign-in refused',
  'signin.lockout': 'Sign-in locked out',
  signout: 'Signed out',
  'password.change': 'Password changed',
  'password.failure': 'Password change refused',
  'password.reset': 'Password reset sent',
  'password.recovered': 'Password reset by link',
  'account.status': 'Account activated or deactivated',
  'student.create': 'Student added',
  'student.update': 'Student edited',
  'teacher.create': 'Teacher added',
  'teacher.update': 'Teacher edited',
  'profile.contact': 'Contact details changed',
  'group.create': 'Group created',
  'group.rename': 'Group renamed',
  'group.mentors': 'Group mentors changed',
  'group.move': 'Students moved to another group',
  'gatepass.submit': 'Gate pass applied for',
  'gatepass.decision': 'Gate pass approved or rejected',
  'gatepass.withdraw': 'Gate pass withdrawn',
  'gatepass.revoke': 'Gate pass revoked',
  'gatepass.close': 'Gate pass closed undecided after its day',
  'gate.scan': 'Gate pass scanned',
  'gate.exit': 'Left campus',
  'gate.return': 'Returned to campus',
  'guard.create': 'Guard added',
  'guard.update': 'Guard edited',
  'query.submit': 'Query asked',
  'query.solution': 'Query answered',
  'query.like': 'Query liked or unliked',
  'query.visibility': 'Query hidden or shown',
  'query.reveal': 'Anonymous asker revealed',
  'attendance.mark': 'Attendance marked',
  'attendance.correct': 'Attendance corrected',
  'attendance.override_leave': 'Marked absent while on leave',
  'lecture.mark': 'Lecture attendance marked',
  'lecture.override_leave': 'Lecture marked while on leave',
  'timetable.change': 'Timetable changed',
  'leave.apply': 'Leave applied for',
  'leave.withdraw': 'Leave withdrawn',
  'leave.decision': 'Leave approved or rejected',
  'settings.attendance': 'Attendance settings changed',
  'marks.update': 'Marks changed',
  'notice.create': 'Notice created',
  'syllabus.add': 'Syllabus added',
  'support.submit': 'Support message sent',
  'support.status': 'Support message status changed',
  'faq.create': 'FAQ added',
  'faq.update': 'FAQ edited',
  'faq.delete': 'FAQ deleted',
  'write.limit': 'Too many requests refused',
  'import.apply': 'Import applied',
  'person.export': "Person's data downloaded",
  'person.erase': 'Personal data erased',
  'settings.privacy': 'Privacy settings changed',
  'api_client.create': 'Integration created',
  'api_client.revoke': 'Integration revoked',
  'api_client.use': 'Integration used the API',
};

/** The label of a kind; a kind this version does not know (an older log's) reads as words. */
export function auditKindLabel(kind: string): string {
  return (AUDIT_KIND_LABELS as Record<string, string>)[kind] ?? kind.replace(/[._]/g, ' ');
}

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
