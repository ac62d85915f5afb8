/** Gate passes (SPEC §3, §4, §7): a student applies, a teacher approves or rejects, once. */
import { z } from 'zod';
import { GATE_PASS_STATUSES } from './constants.js';
import { IdSchema, IsoDateSchema, MessageSchema, RollNoSchema, TimeSchema, requiredText } from './common.js';

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

/** `GET /api/gatepasses/:status` (teachers, admins). */
export const GatePassStatusParamsSchema = z.object({ status: GatePassStatusSchema });
/** `GET /api/gatepasses/:status/:rollNo` (the student's own; teachers and admins any). */
export const GatePassStudentParamsSchema = z.object({ status: GatePassStatusSchema, rollNo: RollNoSchema });

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
export const SubmitGatePassRequestSchema = z.object({
  date: IsoDateSchema.refine((date) => date >= earliestGatePassDate(), {
    error: 'must not be before today',
  }),
  time: TimeSchema,
  reason: requiredText(GATE_PASS_REASON_MAX),
  /** The student's phone number is used when this is missing, null or blank. */
  contact: z
    .string({ error: 'must be text' })
    .trim()
    .max(GATE_PASS_CONTACT_MAX, { error: `must be at most ${GATE_PASS_CONTACT_MAX} characters` })
    .nullish(),
});
export type SubmitGatePassRequest = z.input<typeof SubmitGatePassRequestSchema>;

export const GatePassSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rollNo: z.number(),
  email: z.string(),
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
