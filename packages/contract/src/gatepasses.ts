/** Gate passes (SPEC §3, §4, §7): a student applies, a teacher approves or rejects, once. */
import { z } from 'zod';
import { GATE_PASS_STATUSES } from './constants.js';
import { GATE_STATES } from './gate-states.js';
import {
  IdSchema,
  IsoDateSchema,
  MessageSchema,
  PageQuerySchema,
  RollNoSchema,
  SORT_ORDERS,
  StaffFilterSchema,
  TimeSchema,
  requiredText,
} from './common.js';

export const GATE_PASS_REASON_MAX = 1000;
export const GATE_PASS_CONTACT_MAX = 30;
/** The statuses a teacher may move a pending pass to. */
export const GATE_PASS_DECISIONS = ['approved', 'rejected'] as const;
export type GatePassDecision = (typeof GATE_PASS_DECISIONS)[number];

export const GatePassStatusSchema = z.enum(GATE_PASS_STATUSES, {
  error: 'must be pending, approved or rejected',
});
export const GatePassDecisionSchema = z.enum(GATE_PASS_DECISIONS, {
  error: 'must be approved or rejected',
});

/**
 * How a list route sorts passes into its three lists (decision record 0067). By use, the default and
 * what the spec's client gets: approved means good to go or already used; a pass revoked before use is
 * under rejected with approvedStatus 'rejected', and one whose day ended unused is in no list. As
 * decided (`asDecided=true`, the web app): each pass stays under the decision taken on it, and its
 * gateState says what became of it.
 */
const AsDecidedSchema = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true')
  .optional();

/** `GET /api/gatepasses/:status` (teachers, admins). */
export const GatePassStatusParamsSchema = z.object({ status: GatePassStatusSchema });
/** What the staff list of passes may be sorted by: when applied, the pass's date, the student's name or group. */
export const GATE_PASS_SORTS = ['createdAt', 'date', 'name', 'group'] as const;
export type GatePassSort = (typeof GATE_PASS_SORTS)[number];

/**
 * `GET /api/gatepasses/:status` filters by `group` and `mine` (StaffFilterSchema), and `sort`/`order`
 * order the list (newest applied first by default; ties by when applied, newest first).
 */
export const GatePassListQuerySchema = StaffFilterSchema.extend({
  sort: z.enum(GATE_PASS_SORTS, { error: 'must be createdAt, date, name or group' }).default('createdAt'),
  order: z.enum(SORT_ORDERS, { error: 'must be asc or desc' }).default('desc'),
  asDecided: AsDecidedSchema,
});
export type GatePassListQuery = z.input<typeof GatePassListQuerySchema>;

/** `GET /api/gatepasses/:status/:rollNo` (the student's own; teachers and admins any). */
export const GatePassStudentParamsSchema = z.object({ status: GatePassStatusSchema, rollNo: RollNoSchema });
export const GatePassStudentListQuerySchema = PageQuerySchema.extend({ asDecided: AsDecidedSchema });

/** `GET /api/gatepass/:id`: one pass, for the screen a notification about it opens. */
export const GatePassIdParamsSchema = z.object({ id: IdSchema });

/**
 * The earliest date a gate pass may be for: the calendar date at UTC−12, the last place on Earth
 * where a day ends. The server cannot know the student's time zone, so it accepts any date that is
 * still today somewhere, and refuses every date that is already yesterday everywhere. The form, run
 * in the browser by the same schema, checks the same date.
 */
export function earliestGatePassDate(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * `POST /api/submit-gatepass`. Only date, time, reason and (optionally) contact are read: name, roll
 * number and email come from the session, and the status is always pending. Other fields a client sends
 * (name, rollNo, email, approvedStatus) are ignored.
 */
export const SubmitGatePassRequestSchema = z
  .object({
    date: IsoDateSchema.refine((date) => date >= earliestGatePassDate(), {
      error: 'must not be before today',
    }),
    time: TimeSchema,
    /** When the student will be back (HH:MM, after `time`); the end of the day when left out. */
    returnBy: TimeSchema.nullish(),
    reason: requiredText(GATE_PASS_REASON_MAX),
    /** The student's phone number is used when this is missing, null or blank. */
    contact: z
      .string({ error: 'must be text' })
      .trim()
      .max(GATE_PASS_CONTACT_MAX, { error: `must be at most ${GATE_PASS_CONTACT_MAX} characters` })
      .nullish(),
  })
  .refine((pass) => !pass.returnBy || pass.returnBy > pass.time, {
    path: ['returnBy'],
    error: 'must be after the time of leaving',
  });
export type SubmitGatePassRequest = z.input<typeof SubmitGatePassRequestSchema>;

export const GatePassSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rollNo: z.number(),
  email: z.string(),
  /** The student's group (not in SPEC §3: the teacher's work list filters and sorts by it). */
  group: z.string(),
  contact: z.string(),
  date: z.string(),
  time: z.string(),
  reason: z.string(),
  approvedStatus: GatePassStatusSchema,
  createdAt: z.string(),
  /** The deciding teacher's name; absent while pending. */
  decidedBy: z.string().optional(),
  /** When the pass was decided; absent while pending. */
  decidedAt: z.string().optional(),
  /** The teacher's reason for a rejection, when one was given. */
  rejectReason: z.string().optional(),
  /** When the student will be back (HH:MM); absent: by the end of the pass's day. */
  returnBy: z.string().optional(),
  /** Where an approved pass stands at the gate (absent for pending and rejected passes). */
  gateState: z.enum(GATE_STATES).optional(),
  /** When the gate let the student out and back in (who did: the movement log). */
  exitedAt: z.string().optional(),
  returnedAt: z.string().optional(),
  revokedAt: z.string().optional(),
  /**
   * When the pass closed itself: its day passed while it was still pending. It is then rejected by no
   * one (no decidedBy), and can no longer be decided.
   */
  closedAt: z.string().optional(),
  /**
   * A pending pass that waits for a guardian's consent before its mentors see it (decision record
   * 0092); absent on a campus that does not ask guardians.
   */
  waitingFor: z.literal('guardian').optional(),
  /** What the guardian answered, when a consent was asked for (decision record 0092). */
  guardianConsent: z.enum(['given', 'declined']).optional(),
});
export type GatePass = z.infer<typeof GatePassSchema>;

export const GatePassListSchema = z.array(GatePassSchema);

export const SubmitGatePassResponseSchema = MessageSchema.extend({ gatepass: GatePassSchema });
export type SubmitGatePassResponse = z.infer<typeof SubmitGatePassResponseSchema>;

/** `PUT /api/gatepasses/update-status` (teachers): pending → approved | rejected, once. */
export const GATE_PASS_REJECT_REASON_MAX = 300;

export const UpdateGatePassStatusRequestSchema = z.object({
  gatepassId: IdSchema,
  approvedStatus: GatePassDecisionSchema,
  /** Why a pass is rejected, shown to its student; optional, and only for a rejection. */
  rejectReason: z
    .string({ error: 'must be text' })
    .trim()
    .max(GATE_PASS_REJECT_REASON_MAX, {
      error: `must be at most ${GATE_PASS_REJECT_REASON_MAX} characters`,
    })
    .nullish(),
});
export type UpdateGatePassStatusRequest = z.infer<typeof UpdateGatePassStatusRequestSchema>;

/** `PUT /api/gatepasses/update-status-bulk` (teachers): many pending passes decided at once, each once. */
export const GATE_PASS_BULK_MAX = 200;

export const BulkGatePassStatusRequestSchema = z.object({
  gatepassIds: z
    .array(IdSchema, { error: 'must be a list of ids' })
    .min(1, { error: 'must name at least one gate pass' })
    .max(GATE_PASS_BULK_MAX, { error: `must name at most ${GATE_PASS_BULK_MAX} gate passes` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not name a gate pass twice' }),
  approvedStatus: GatePassDecisionSchema,
  rejectReason: UpdateGatePassStatusRequestSchema.shape.rejectReason,
});
export type BulkGatePassStatusRequest = z.infer<typeof BulkGatePassStatusRequestSchema>;

/** `closed`: its day passed before it was decided (see GatePass.closedAt). */
export const BULK_OUTCOMES = ['decided', 'already-decided', 'closed', 'not-found'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

/** One requested pass: decided now (with the pass), decided before (with its status), closed, or unknown. */
export const BulkGatePassResultSchema = z.object({
  gatepassId: z.string(),
  outcome: z.enum(BULK_OUTCOMES),
  gatepass: GatePassSchema.optional(),
  status: GatePassStatusSchema.optional(),
});
export type BulkGatePassResult = z.infer<typeof BulkGatePassResultSchema>;

/** The results in the order the ids were asked for. */
export const BulkGatePassStatusResponseSchema = z.object({ results: z.array(BulkGatePassResultSchema) });
export type BulkGatePassStatusResponse = z.infer<typeof BulkGatePassStatusResponseSchema>;

/** `PUT /api/gatepasses/withdraw` (the pass's student): a pending pass is taken back and removed. */
export const WithdrawGatePassRequestSchema = z.object({ gatepassId: IdSchema });
/** `PUT /api/gatepasses/revoke` (teachers, admins): an approved pass nobody has used yet stops being valid. */
export const RevokeGatePassRequestSchema = z.object({ gatepassId: IdSchema });
