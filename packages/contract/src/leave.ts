/**
 * Leave: a student applies for leave over a range of days, with an optional attachment (a medical
 * note); the student's mentors or an admin approve or reject it. Approved leave, and an approved
 * gate pass on its day, make the student On leave in attendance (decision record 0032).
 */
import { z } from 'zod';
import { addDays, daysInRange } from './attendance-report.js';
import {
  IdSchema,
  IsoDateSchema,
  MessageSchema,
  StaffFilterSchema,
  TimeSchema,
  requiredText,
} from './common.js';

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const LEAVE_DECISIONS = ['approved', 'rejected'] as const;
export type LeaveDecision = (typeof LEAVE_DECISIONS)[number];

/** The longest leave one application covers, in days (both ends counted). */
export const LEAVE_MAX_DAYS = 30;
/** How far back leave may start: a week, so a medical note can follow an illness. */
export const LEAVE_BACKDATE_DAYS = 7;
/** How far ahead leave may start. */
export const LEAVE_AHEAD_DAYS = 180;
export const LEAVE_REASON_MAX = 1000;
export const LEAVE_REJECT_REASON_MAX = 300;
/** The largest attachment, in bytes (2 MB). */
export const LEAVE_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
/** What one student's attachments may take in all, in bytes (10 MB). */
export const LEAVE_ATTACHMENT_QUOTA_BYTES = 10 * 1024 * 1024;
/** Days after which the files of withdrawn and rejected leave are removed. */
export const LEAVE_ATTACHMENT_RETENTION_DAYS = 30;
/** The kinds of attachment accepted, each checked by its content. */
export const LEAVE_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type LeaveAttachmentType = (typeof LEAVE_ATTACHMENT_TYPES)[number];
export const LEAVE_ATTACHMENT_NAME_MAX = 200;
/** The base64 text of the largest attachment, and a little over for the rest of the body. */
export const LEAVE_BODY_MAX_BYTES = Math.ceil(LEAVE_ATTACHMENT_MAX_BYTES / 3) * 4 + 16 * 1024;

/** Why a range cannot be applied for, or null: from ≤ to, at most LEAVE_MAX_DAYS, not too far back or ahead. */
export function leaveRangeProblem(
  from: string,
  to: string,
  today: string,
): { field: 'from' | 'to'; message: string } | null {
  if (to < from) return { field: 'to', message: 'must not be before from' };
  if (daysInRange(from, to) > LEAVE_MAX_DAYS) {
    return { field: 'to', message: `must be within ${LEAVE_MAX_DAYS} days of from` };
  }
  if (from < addDays(today, -LEAVE_BACKDATE_DAYS)) {
    return { field: 'from', message: `must not be more than ${LEAVE_BACKDATE_DAYS} days ago` };
  }
  if (from > addDays(today, LEAVE_AHEAD_DAYS)) {
    return { field: 'from', message: `must be within ${LEAVE_AHEAD_DAYS} days from today` };
  }
  return null;
}

/** The type a file's first bytes show, among the accepted ones, or null. */
export function sniffAttachmentType(bytes: Uint8Array): LeaveAttachmentType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
}

const EXTENSIONS: Record<LeaveAttachmentType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/**
 * A file's name with the extension of the type its bytes were checked to be: what a student named
 * `certificate.html` downloads as `certificate.png` on the mentor's machine.
 */
export function fileNameForType(name: string, type: LeaveAttachmentType): string {
  const base = name.replace(/\.[^.]*$/, '').trim() || 'attachment';
  return `${base}${EXTENSIONS[type]}`;
}

export const LeaveAttachmentInputSchema = z.object({
  name: requiredText(LEAVE_ATTACHMENT_NAME_MAX),
  type: z.enum(LEAVE_ATTACHMENT_TYPES, { error: 'must be a PDF, PNG or JPEG file' }),
  /** The file's bytes in base64. */
  data: z
    .string({ error: 'must be the file in base64' })
    .min(1, { error: 'must not be empty' })
    .max(Math.ceil(LEAVE_ATTACHMENT_MAX_BYTES / 3) * 4, {
      error: `must be at most ${LEAVE_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB`,
    })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'must be the file in base64' }),
});
export type LeaveAttachmentInput = z.infer<typeof LeaveAttachmentInputSchema>;

/** `POST /api/leave` (students). The range is checked against today by leaveRangeProblem. */
export const ApplyLeaveRequestSchema = z.object({
  from: IsoDateSchema,
  to: IsoDateSchema,
  reason: requiredText(LEAVE_REASON_MAX),
  attachment: LeaveAttachmentInputSchema.nullish(),
});
export type ApplyLeaveRequest = z.input<typeof ApplyLeaveRequestSchema>;

export const LeaveSchema = z.object({
  _id: z.string(),
  rollNo: z.number(),
  name: z.string(),
  group: z.string(),
  from: z.string(),
  to: z.string(),
  /** Days from `from` to `to`, both counted. */
  days: z.number(),
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  createdAt: z.string(),
  decidedBy: z.string().optional(),
  decidedAt: z.string().optional(),
  rejectReason: z.string().optional(),
  attachment: z.object({ name: z.string(), type: z.string(), size: z.number() }).optional(),
});
export type Leave = z.infer<typeof LeaveSchema>;
export const LeaveListSchema = z.array(LeaveSchema);

export const ApplyLeaveResponseSchema = MessageSchema.extend({ leave: LeaveSchema });
export type ApplyLeaveResponse = z.infer<typeof ApplyLeaveResponseSchema>;

export const LeaveIdParamsSchema = z.object({ id: IdSchema });

/** `GET /api/leave` (mentors: their mentees' leave; admins: all; `mine` is implied for teachers). */
export const LeaveListQuerySchema = StaffFilterSchema.omit({ mine: true }).extend({
  status: z
    .enum(LEAVE_STATUSES, { error: 'must be pending, approved, rejected or withdrawn' })
    .default('pending'),
});
export type LeaveListQuery = z.input<typeof LeaveListQuerySchema>;

/** `PUT /api/leave/:id/decision`: a rejection needs its reason. */
export const DecideLeaveRequestSchema = z
  .object({
    decision: z.enum(LEAVE_DECISIONS, { error: 'must be approved or rejected' }),
    rejectReason: z
      .string({ error: 'must be text' })
      .trim()
      .max(LEAVE_REJECT_REASON_MAX, { error: `must be at most ${LEAVE_REJECT_REASON_MAX} characters` })
      .nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'rejected' && !body.rejectReason) {
      ctx.addIssue({ code: 'custom', path: ['rejectReason'], message: 'is required for a rejection' });
    }
    if (body.decision === 'approved' && body.rejectReason) {
      ctx.addIssue({ code: 'custom', path: ['rejectReason'], message: 'is only for a rejection' });
    }
  });
export type DecideLeaveRequest = z.input<typeof DecideLeaveRequestSchema>;

// ---------------------------------------------------------------- who is On leave on a day

/** Where a day of leave comes from: approved leave, or a gate pass whose time out covers the class hours. */
export const LEAVE_SOURCES = ['leave', 'gatepass'] as const;
export const OnLeaveQuerySchema = z.object({
  group: requiredText(50),
  date: IsoDateSchema,
});
export const OnLeaveStudentSchema = z.object({ studentId: z.number(), source: z.enum(LEAVE_SOURCES) });
export type OnLeaveStudent = z.infer<typeof OnLeaveStudentSchema>;
export const OnLeaveListSchema = z.array(OnLeaveStudentSchema);

// ---------------------------------------------------------------- the campus's rule for the percentage

/**
 * How On leave days count in the attendance percentage: `exclude` leaves them out of the total (the
 * default), `present` counts them as attended, `absent` as missed.
 */
export const ON_LEAVE_RULES = ['exclude', 'present', 'absent'] as const;
export type OnLeaveRule = (typeof ON_LEAVE_RULES)[number];
export const DEFAULT_ON_LEAVE_RULE: OnLeaveRule = 'exclude';

const OnLeaveRuleSchema = z.enum(ON_LEAVE_RULES, { error: 'must be exclude, present or absent' });

/**
 * The campus's attendance settings: how On leave days count, and its class hours (HH:MM), which a
 * gate pass's time out must cover to excuse a day (pass-absence.ts).
 */
export const AttendanceSettingsSchema = z.object({
  onLeave: OnLeaveRuleSchema,
  classStart: TimeSchema,
  classEnd: TimeSchema,
});
export type AttendanceSettings = z.infer<typeof AttendanceSettingsSchema>;

/** PUT /api/attendance-settings: any of the settings; class hours must still end after they start. */
export const AttendanceSettingsUpdateSchema = z
  .object({
    onLeave: OnLeaveRuleSchema.optional(),
    classStart: TimeSchema.optional(),
    classEnd: TimeSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Give onLeave, classStart or classEnd',
  });
export type AttendanceSettingsUpdate = z.infer<typeof AttendanceSettingsUpdateSchema>;

export const LEAVE_MESSAGES = {
  applied: 'Leave application submitted.',
  withdrawn: 'Leave application withdrawn.',
  noLeave: 'You have no leave applications.',
  noRequests: 'No leave applications to display.',
} as const;
