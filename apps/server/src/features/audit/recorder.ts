/**
 * What the audit log records for each state-changing route: one table here instead of a call in
 * every handler, so a change of state cannot forget its entry. The hook in routes.ts writes the
 * entries once the answer is known; a mark, a question and a gate pass hand theirs to their write
 * instead, by the same rules (entries.ts, decision record 0046). The one exception is an applied
 * import (features/transfer/import-routes.ts), whose answer may be a stream of progress lines.
 */
import {
  describeChanges,
  describeCorrections,
  type AttendanceCorrection,
  describeMarkChanges,
  type AuditKind,
  type FieldChange,
  type MarkChange,
} from '@campus/contract';

type Fields = Record<string, unknown>;
export interface Rule {
  kind: AuditKind;
  /**
   * Record refusals with these statuses too, under their own kind; otherwise only successes.
   * Refusals are counted in one entry per User ID, client, answer and window; those with a status in
   * `perClient` in one entry per client, answer and window whatever the User ID (record 0024).
   */
  failures?: { kind: AuditKind; statuses: number[]; perClient?: number[] };
  /** Successes are counted like refusals, in one entry per User ID, client and window. */
  countSuccesses?: boolean;
  /** Record the client's address (sign-in and password entries). */
  client?: boolean;
  target?: (body: Fields, params: Fields, answer: Fields) => unknown;
  detail?: (body: Fields, answer: Fields) => unknown;
  /** The longest detail kept, when it may be longer than a line (the default is 200 characters). */
  detailLimit?: number;
  /**
   * A change of many things at once: one entry per element, each with its own target (and the
   * rule's detail), instead of one for the request. An empty list records nothing.
   */
  each?: (body: Fields, answer: Fields) => unknown[];
  /** More entries of other kinds, each recorded when its detail is not null (a mark that corrects). */
  also?: { kind: AuditKind; detail: (body: Fields, answer: Fields) => unknown; detailLimit?: number }[];
}

const field = (o: unknown, key: string): unknown =>
  o !== null && typeof o === 'object' ? (o as Fields)[key] : undefined;

/** An edit's answer lists its changes; the log keeps them as "email a@x → b@x; group A → B". */
const changes = (_b: Fields, a: Fields) =>
  Array.isArray(a.changes) ? describeChanges(a.changes as FieldChange[]) : null;
const status = (who: string) => (b: Fields) => `${who} ${b.active === true ? 'reactivated' : 'deactivated'}`;

/** A change of the timetable, named by what it changed. */
const timetable = (what: string, target: (b: Fields, p: Fields) => unknown): Rule => ({
  kind: 'timetable.change',
  target,
  detail: () => what,
});

export const AUDIT_RULES: Record<string, Rule> = {
  'POST /api/courses': timetable('course added', (b) => b.code),
  'PUT /api/courses/:code': timetable('course changed', (_b, p) => p.code),
  'DELETE /api/courses/:code': timetable('course removed', (_b, p) => p.code),
  'POST /api/periods': timetable('period added', (b) => `${String(b.course)} ${String(b.group)}`),
  'PUT /api/periods/:id': timetable('period changed', (b) => `${String(b.course)} ${String(b.group)}`),
  'DELETE /api/periods/:id': timetable('period removed', (_b, p) => p.id),
  'PUT /api/holidays/:date': timetable('holiday set', (_b, p) => p.date),
  'DELETE /api/holidays/:date': timetable('holiday removed', (_b, p) => p.date),
  'PUT /api/timetable-settings': timetable('term settings changed', () => null),
  'POST /api/calendar-feed': timetable('calendar feed link made', () => null),
  'DELETE /api/calendar-feed': timetable('calendar feed link revoked', () => null),
  'POST /api/lectures/:periodId/:date/marks': {
    kind: 'lecture.mark',
    target: (_b, p) => `${String(p.periodId)} ${String(p.date)}`,
    detail: (b) => (Array.isArray(b.records) ? `${b.records.length} records` : null),
    // A student away for the lecture marked anyway: the teacher's deliberate override.
    also: [
      {
        kind: 'lecture.override_leave',
        detail: (_b, a) =>
          Array.isArray(a.overridden) && a.overridden.length > 0
            ? `${a.overridden.length} away marked anyway: ${a.overridden
                .map((o) => `${String(field(o, 'studentId'))} ${String(field(o, 'status'))}`)
                .join(', ')}`
            : null,
        detailLimit: 1000,
      },
    ],
  },
  'POST /api/login': {
    kind: 'signin.success',
    // 403: the right password of a deactivated account. 401 and 403 are answers to checked passwords,
    // which the sign-in limits keep to a few per client; the rest cost nothing to send, so they are
    // counted per client: a stream with a new User ID each time adds no entry per attempt.
    failures: { kind: 'signin.failure', statuses: [400, 401, 403, 429, 503], perClient: [400, 429, 503] },
    countSuccesses: true,
    client: true,
    target: (b) => b.userId,
  },
  'POST /api/logout': { kind: 'signout' },
  'POST /api/change-password': {
    kind: 'password.change',
    failures: { kind: 'password.failure', statuses: [400, 429, 503] },
    client: true,
  },
  // A one-time password is in the answer only: never in the log.
  'POST /api/students': {
    kind: 'student.create',
    target: (b) => b.RollNo,
    detail: (b) => `${String(b.name)}, group ${String(b.group)}`,
  },
  'PUT /api/students/:rollNo': {
    kind: 'student.update',
    target: (_b, p) => p.rollNo,
    detail: changes,
    detailLimit: 1000,
  },
  'PUT /api/students/:rollNo/active': {
    kind: 'account.status',
    target: (_b, p) => p.rollNo,
    detail: status('student'),
  },
  'POST /api/students/:rollNo/reset-password': {
    kind: 'password.reset',
    target: (_b, p) => p.rollNo,
    detail: () => 'student',
  },
  'POST /api/teachers': { kind: 'teacher.create', target: (b) => b.teacherId, detail: (b) => b.name },
  'PUT /api/teachers/:teacherId': {
    kind: 'teacher.update',
    target: (_b, p) => p.teacherId,
    detail: changes,
    detailLimit: 1000,
  },
  'PUT /api/teachers/:teacherId/active': {
    kind: 'account.status',
    target: (_b, p) => p.teacherId,
    detail: status('teacher'),
  },
  'POST /api/teachers/:teacherId/reset-password': {
    kind: 'password.reset',
    target: (_b, p) => p.teacherId,
    detail: () => 'teacher',
  },
  'PUT /api/profile/contact': { kind: 'profile.contact', detail: changes },
  'POST /api/groups': { kind: 'group.create', target: (b) => b.name },
  'PUT /api/groups/:name': { kind: 'group.rename', target: (_b, p) => p.name, detail: changes },
  'PUT /api/groups/:name/mentors': {
    kind: 'group.mentors',
    target: (_b, p) => p.name,
    detail: changes,
    detailLimit: 1000,
  },
  'POST /api/groups/:name/students': {
    kind: 'group.move',
    target: (_b, p) => p.name,
    detail: changes,
    detailLimit: 1000,
  },
  'POST /api/submit-gatepass': { kind: 'gatepass.submit', target: (_b, _p, a) => field(a.gatepass, '_id') },
  'PUT /api/gatepasses/withdraw': { kind: 'gatepass.withdraw', target: (b) => b.gatepassId },
  'PUT /api/gatepasses/revoke': { kind: 'gatepass.revoke', target: (b) => b.gatepassId },
  // A refusal carries no pass: its scan (gate_scans names the pass) is the target.
  'POST /api/gate/scan': {
    kind: 'gate.scan',
    target: (_b, _p, a) => field(a.gatepass, '_id') ?? a.scanId ?? null,
    detail: (b, a) =>
      `${b.credential !== undefined ? 'qr' : 'code'}: ${String(a.outcome)}${typeof a.reason === 'string' ? ` (${a.reason})` : ''}`,
  },
  'POST /api/gate/exit': {
    kind: 'gate.exit',
    target: (b, _p, a) => field(a.gatepass, '_id') ?? b.gatepassId ?? b.scanId ?? null,
    detail: (_b, a) => `${String(a.outcome)}${typeof a.reason === 'string' ? ` (${a.reason})` : ''}`,
  },
  'POST /api/gate/return': {
    kind: 'gate.return',
    target: (b, _p, a) => field(a.gatepass, '_id') ?? b.gatepassId ?? b.scanId ?? null,
    detail: (_b, a) => `${String(a.outcome)}${typeof a.reason === 'string' ? ` (${a.reason})` : ''}`,
  },
  'POST /api/guards': { kind: 'guard.create', target: (b) => b.guardId },
  'PUT /api/guards/:guardId': { kind: 'guard.update', target: (_b, p) => p.guardId, detail: changes },
  'PUT /api/guards/:guardId/active': {
    kind: 'account.status',
    target: (_b, p) => p.guardId,
    detail: status('guard'),
  },
  'POST /api/guards/:guardId/reset-password': { kind: 'password.reset', target: (_b, p) => p.guardId },
  'PUT /api/gatepasses/update-status': {
    kind: 'gatepass.decision',
    target: (b) => b.gatepassId,
    detail: (b) => b.approvedStatus,
  },
  // One entry per pass this request decided, as if each had been decided alone.
  'PUT /api/gatepasses/update-status-bulk': {
    kind: 'gatepass.decision',
    each: (_b, a) =>
      Array.isArray(a.results)
        ? a.results.filter((r) => field(r, 'outcome') === 'decided').map((r) => field(r, 'gatepassId'))
        : [],
    detail: (b) => b.approvedStatus,
  },
  'POST /api/submit-query': { kind: 'query.submit', target: (_b, _p, a) => field(a.query, '_id') },
  'PUT /api/queries/update-solution': { kind: 'query.solution', target: (b) => b.queryId },
  'POST /api/queries/:id/like': {
    kind: 'query.like',
    target: (_b, p) => p.id,
    detail: (_b, a) => (a.liked ? 'liked' : 'unliked'),
  },
  'PUT /api/queries/:id/hidden': {
    kind: 'query.visibility',
    target: (_b, p) => p.id,
    detail: (b) => (b.hidden === true ? 'hidden as spam' : 'shown again'),
  },
  'POST /api/mark-attendance': {
    kind: 'attendance.mark',
    target: (b) => b.date,
    detail: (b) => (Array.isArray(b.attendanceRecords) ? `${b.attendanceRecords.length} records` : null),
    // Which marks changed a status already recorded, old → new: a correction is never silent.
    also: [
      {
        kind: 'attendance.correct',
        detail: (_b, a) =>
          Array.isArray(a.corrected) && a.corrected.length > 0
            ? `${a.corrected.length} corrected: ${describeCorrections(a.corrected as AttendanceCorrection[])}`
            : null,
        detailLimit: 1000,
      },
      // A student On leave marked Present or Absent anyway: the teacher's deliberate override.
      {
        kind: 'attendance.override_leave',
        detail: (_b, a) =>
          Array.isArray(a.overridden) && a.overridden.length > 0
            ? `${a.overridden.length} On leave marked anyway: ${a.overridden
                .map((o) => `${String(field(o, 'studentId'))} ${String(field(o, 'status'))}`)
                .join(', ')}`
            : null,
        detailLimit: 1000,
      },
    ],
  },
  // Guardians (decision record 0091): who linked whom is kept; the code itself never is.
  'POST /api/guardian/sign-in': {
    kind: 'signin.success',
    failures: { kind: 'signin.failure', statuses: [400, 401, 429], perClient: [400, 429] },
    countSuccesses: true,
    client: true,
  },
  'POST /api/guardians': { kind: 'guardian.create', target: (_b, _p, a) => field(a.guardian, 'guardianId') },
  'POST /api/guardians/:guardianId/reset-password': {
    kind: 'password.reset',
    target: (_b, p) => p.guardianId,
  },
  'PUT /api/guardians/:guardianId/students/:rollNo': {
    kind: 'guardian.link',
    target: (_b, p) => p.guardianId,
    detail: (b, a) => `${String(a.message)} as ${String(b.relation)}`,
  },
  'DELETE /api/guardians/:guardianId/students/:rollNo': {
    kind: 'guardian.unlink',
    target: (_b, p) => p.guardianId,
    detail: (_b, a) => a.message,
  },
  'PUT /api/guardian/password': { kind: 'password.change' },
  'POST /api/guardian/children/:rollNo/absence': {
    kind: 'leave.apply',
    target: (_b, _p, a) => field(a.leave, 'id'),
    detail: (b) => `${String(b.from)} to ${String(b.to)}, reported by a guardian`,
  },
  'POST /api/leave': {
    kind: 'leave.apply',
    target: (_b, _p, a) => field(a.leave, '_id'),
    detail: (b) => `${String(b.from)} to ${String(b.to)}${b.attachment ? ', with an attachment' : ''}`,
  },
  'PUT /api/leave/:id/withdraw': { kind: 'leave.withdraw', target: (_b, p) => p.id },
  'PUT /api/leave/:id/decision': {
    kind: 'leave.decision',
    target: (_b, p) => p.id,
    detail: (b) => (b.decision === 'rejected' ? `rejected: ${String(b.rejectReason)}` : b.decision),
  },
  'PUT /api/attendance-settings': {
    kind: 'settings.attendance',
    // Validated by AttendanceSettingsUpdateSchema: each setting given is text.
    detail: (b) =>
      [
        typeof b.onLeave === 'string' && `On leave days: ${b.onLeave}`,
        typeof b.classStart === 'string' && `class hours start ${b.classStart}`,
        typeof b.classEnd === 'string' && `class hours end ${b.classEnd}`,
      ]
        .filter(Boolean)
        .join(', '),
  },
  'PUT /api/marks/:rollNo': {
    kind: 'marks.update',
    target: (_b, p) => p.rollNo,
    // Every mark's old and new value: up to 8 fields of ~30 characters.
    detail: (_b, a) => (Array.isArray(a.changes) ? describeMarkChanges(a.changes as MarkChange[]) : null),
    detailLimit: 500,
  },
  'POST /api/create-notice': {
    kind: 'notice.create',
    target: (_b, _p, a) => field(a.notice, '_id'),
    detail: (b) => b.type,
  },
  'POST /api/syllabus-add': {
    kind: 'syllabus.add',
    target: (_b, _p, a) => field(a.syllabus, '_id'),
    detail: (b) => b.courseName,
  },
  'POST /api/support-add': { kind: 'support.submit', target: (_b, _p, a) => field(a.support, '_id') },
  'PUT /api/supports/:id/status': {
    kind: 'support.status',
    target: (_b, _p, a) => a.reference,
    detail: (b) => b.status,
  },
  'POST /api/faq': { kind: 'faq.create', target: (_b, _p, a) => a.id },
  // The token is in the create answer only: never in the log.
  'POST /api/api-clients': {
    kind: 'api_client.create',
    target: (_b, _p, a) => field(a.client, 'id'),
    detail: (b) => `${String(b.name)}: ${Array.isArray(b.scopes) ? b.scopes.join(' ') : ''}`,
  },
  'DELETE /api/api-clients/:id': {
    kind: 'api_client.revoke',
    target: (_b, p) => p.id,
    detail: (_b, a) => field(a.client, 'name'),
  },
  // A webhook endpoint's secret is in the create and rotate answers only: never in the log.
  'POST /api/admin/webhooks': {
    kind: 'webhook.create',
    target: (_b, _p, a) => field(a.endpoint, 'id'),
    detail: (b) => `${String(b.url)}: ${Array.isArray(b.kinds) ? b.kinds.join(' ') : ''}`,
  },
  'PUT /api/admin/webhooks/:id': {
    kind: 'webhook.update',
    target: (_b, p) => p.id,
    detail: (b) =>
      `${String(b.url)}: ${Array.isArray(b.kinds) ? b.kinds.join(' ') : ''}${b.enabled === false ? ' (disabled)' : ''}`,
  },
  'POST /api/admin/webhooks/:id/rotate': { kind: 'webhook.rotate', target: (_b, p) => p.id },
  'DELETE /api/admin/webhooks/:id': {
    kind: 'webhook.delete',
    target: (_b, p) => p.id,
    detail: (_b, a) => field(a.endpoint, 'url'),
  },
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend': {
    kind: 'webhook.resend',
    target: (_b, p) => p.id,
    detail: (_b, a) => field(a.delivery, 'messageId'),
  },
  'PUT /api/faq/:id': { kind: 'faq.update', target: (_b, p) => p.id },
  'DELETE /api/faq/:id': { kind: 'faq.delete', target: (_b, p) => p.id },
};

/** Text for the log: strings (up to `limit` characters) and numbers as they are, anything else left out. */
export function auditText(value: unknown, limit = 200): string | null {
  if (typeof value === 'string') return value.slice(0, limit);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
