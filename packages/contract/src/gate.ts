/**
 * The gate (issue 22): an approved pass carries a signed credential (a QR code) and a short code; a
 * guard scans either, sees the answer at a glance, and records the exit and the return.
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema } from './common.js';
import { GATE_STATES } from './gate-states.js';
import { GroupNameSchema } from './text-rules.js';

export * from './gate-code.js';
export * from './gate-states.js';

/** The longest credential the scan endpoint reads (a signed token is ~300 characters). */
export const GATE_CREDENTIAL_MAX = 2000;

/** Why the gate refuses a pass. */
export const GATE_REFUSALS = [
  'not-approved',
  'wrong-day',
  'already-out',
  'already-back',
  'revoked',
  'expired',
  'forged',
  'not-out',
  'unknown-code',
] as const;
export type GateRefusal = (typeof GATE_REFUSALS)[number];

/** What the guard reads, in big type, when a pass is refused. */
export const GATE_REFUSAL_TEXT: Record<GateRefusal, string> = {
  'not-approved': 'Not approved',
  'wrong-day': 'Wrong day: this pass is for another day',
  'already-out': 'Already out',
  'already-back': 'Already back: this pass has been used',
  revoked: 'Revoked by staff',
  expired: 'Expired',
  forged: 'Forged or unknown code',
  'not-out': 'Not out: no exit was recorded for this pass',
  // A typed code that names no pass is most often a typo, not a forgery.
  'unknown-code': 'No pass with this code — check it',
};

/** `GET /api/gatepasses/:id/credential` (the pass's own student): what the QR code and the short code show. */
export const GateCredentialParamsSchema = z.object({ id: IdSchema });
export const GateCredentialSchema = z.object({
  /** The signed credential (ES256 JWT) the QR code encodes. */
  credential: z.string(),
  /** The short code for manual entry at the gate. */
  code: z.string(),
  /** When the credential stops being valid: the end of the pass's day. */
  expiresAt: z.string(),
});
export type GateCredential = z.infer<typeof GateCredentialSchema>;

/** A direction the guard may force; `auto` lets the pass's state decide (out → return). */
export const GATE_DIRECTIONS = ['auto', 'exit', 'return'] as const;
export type GateDirection = (typeof GATE_DIRECTIONS)[number];

const CredentialFieldSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(GATE_CREDENTIAL_MAX, { error: `must be at most ${GATE_CREDENTIAL_MAX} characters` })
  .optional();
const CodeFieldSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(32, { error: 'must be at most 32 characters' })
  .optional();

/** `POST /api/gate/scan` (guards, admins): a scanned credential or a typed short code. */
export const GateScanRequestSchema = z
  .strictObject(
    {
      credential: CredentialFieldSchema,
      code: CodeFieldSchema,
      direction: z.enum(GATE_DIRECTIONS, { error: 'must be auto, exit or return' }).default('auto'),
    },
    { error: 'must be a JSON object' },
  )
  .refine((body) => (body.credential === undefined) !== (body.code === undefined), {
    error: 'send either credential (the scanned QR code) or code (the short code), not both',
  });
export type GateScanRequest = z.input<typeof GateScanRequestSchema>;

/**
 * `POST /api/gate/exit` and `POST /api/gate/return` (guards, admins): the guard confirms a scan that
 * allowed the move: its `scanId`, or the pass's code or credential itself (checked again, as a scan).
 * A gate pass id alone is not enough; when sent beside a scan id, it must be that scan's pass.
 */
export const GateMoveRequestSchema = z
  .strictObject(
    {
      gatepassId: IdSchema.optional(),
      scanId: IdSchema.optional(),
      code: CodeFieldSchema,
      credential: CredentialFieldSchema,
    },
    { error: 'must be a JSON object' },
  )
  .refine((body) => [body.scanId, body.code, body.credential].filter((v) => v !== undefined).length === 1, {
    error:
      'send one of scanId (from the scan that allowed it), code or credential: a gate pass id alone is not enough',
  });
export type GateMoveRequest = z.input<typeof GateMoveRequestSchema>;

/** A pass as the guard sees it. */
export const GatePassAtGateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  initials: z.string(),
  rollNo: z.number(),
  group: z.string(),
  date: z.string(),
  time: z.string(),
  /** Absent: by the end of the day. */
  returnBy: z.string().optional(),
  reason: z.string(),
  gateState: z.enum(GATE_STATES).optional(),
  exitedAt: z.string().optional(),
  returnedAt: z.string().optional(),
});
export type GatePassAtGate = z.infer<typeof GatePassAtGateSchema>;

export const GATE_OUTCOMES = ['allow-exit', 'allow-return', 'exited', 'returned', 'refused'] as const;
export type GateOutcome = (typeof GATE_OUTCOMES)[number];

/** The gate's answer to a scan (allow-…) or to a confirmation (exited, returned), or a refusal. */
export const GateAnswerSchema = z.object({
  outcome: z.enum(GATE_OUTCOMES),
  reason: z.enum(GATE_REFUSALS).optional(),
  message: z.string(),
  /** The recorded scan, to name when confirming. */
  scanId: z.string().optional(),
  /** The pass, when allowed or moved; absent from every refusal, which names only its reason. */
  gatepass: GatePassAtGateSchema.optional(),
  /** True when the student is back after their return time. */
  late: z.boolean().optional(),
});
export type GateAnswer = z.infer<typeof GateAnswerSchema>;

/** `GET /api/gate/key` (guards, admins): what a gate device needs to check codes while offline. */
export const GateKeySchema = z.object({
  /** The public key (JWK, EC P-256) that signs every credential. */
  publicKey: z.object({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string() }),
  /** Ids of passes revoked or already used that a credential may still name. */
  refused: z.array(z.object({ _id: z.string(), reason: z.enum(GATE_REFUSALS) })),
  asOf: z.string(),
});
export type GateKey = z.infer<typeof GateKeySchema>;

/** `GET /api/gate/movements` (admins; teachers: their mentored groups). */
export const GateMovementsQuerySchema = z.object({
  date: IsoDateSchema.optional(),
  group: GroupNameSchema.optional(),
});
export type GateMovementsQuery = z.input<typeof GateMovementsQuerySchema>;

export const GateMovementSchema = z.object({
  gatepassId: z.string(),
  name: z.string(),
  rollNo: z.number(),
  group: z.string(),
  date: z.string(),
  time: z.string(),
  returnBy: z.string().optional(),
  reason: z.string(),
  gateState: z.enum(GATE_STATES),
  exitedAt: z.string().optional(),
  exitedBy: z.string().optional(),
  returnedAt: z.string().optional(),
  returnedBy: z.string().optional(),
});
export type GateMovement = z.infer<typeof GateMovementSchema>;

export const GateMovementsSchema = z.object({
  date: z.string(),
  /** Out now (any day), overdue ones included. */
  out: z.array(GateMovementSchema),
  overdue: z.array(GateMovementSchema),
  /** The day's passes that went out (and perhaps came back), by exit time. */
  day: z.array(GateMovementSchema),
});
export type GateMovements = z.infer<typeof GateMovementsSchema>;

/** A guard account (the gate desk). */
export const GuardSchema = z.object({
  /** The guard's account, as people lists name theirs (a person's data: download and erasure). */
  _id: z.string(),
  guardId: z.number(),
  name: z.string(),
  email: z.string(),
  phoneNo: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
});
export type Guard = z.infer<typeof GuardSchema>;
export const GuardListSchema = z.array(GuardSchema);
export const GuardIdParamsSchema = z.object({
  guardId: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be positive' })
    .max(999_999_999, { error: 'must be at most 9 digits' }),
});
