import { z } from 'zod';
import { IsoDateSchema } from './common.js';
import {
  ATTENDANCE_HISTORY_MAX_LIMIT,
  EARLIEST_ATTENDANCE_DATE,
  RECORDED_ATTENDANCE_STATUSES,
  ROSTER_MAX_LIMIT,
} from './constants.js';

/** At most this many records in one mark-attendance request. */
export const MAX_ATTENDANCE_RECORDS = 1000;

const groupText = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(50, { error: 'must be at most 50 characters' });

const offset = z.coerce
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be 0 or more' })
  .max(10_000_000, { error: 'is too large' })
  .default(0);

/** Without a limit, the whole list (see PageQuerySchema). */
const limitUpTo = (max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` })
    .optional();

export const AttendanceStatusSchema = z.enum(RECORDED_ATTENDANCE_STATUSES, {
  error: 'must be Present, Absent or On leave',
});

// ---------------------------------------------------------------- GET /api/students (the roster)

export const RosterQuerySchema = z.object({
  group: groupText.optional(),
  limit: limitUpTo(ROSTER_MAX_LIMIT),
  offset,
});
export type RosterQuery = z.infer<typeof RosterQuerySchema>;

/** One student as the teacher's Mark Attendance screen lists them. */
export const RosterStudentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  RollNo: z.number(),
  group: z.string(),
});
export type RosterStudent = z.infer<typeof RosterStudentSchema>;
export const RosterResponseSchema = z.array(RosterStudentSchema);

// ---------------------------------------------------------------- POST /api/mark-attendance

/**
 * The roll number of the student marked: a number, or a numeric string as a form sends it. Only the
 * string is converted, so a roster of numbers (200 at a time) passes without a conversion step each.
 */
export const AttendanceStudentIdSchema = z.union(
  [
    z
      .number({ error: 'must be a roll number' })
      .int({ error: 'must be a roll number' })
      .positive({ error: 'must be a roll number' })
      .max(999_999_999, { error: 'must be a roll number' }),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, { error: 'must be a roll number' })
      .transform(Number),
  ],
  { error: 'must be a roll number' },
);

export const AttendanceRecordInputSchema = z.object({
  studentId: AttendanceStudentIdSchema,
  status: AttendanceStatusSchema,
  /**
   * The teacher's deliberate choice to mark Present or Absent a student who is On leave that day
   * (approved leave, or a gate pass whose time out covers the class hours); audited. Without it such
   * a student is kept On leave, and the answer says so (`keptOnLeave`).
   */
  overrideLeave: z.boolean({ error: 'must be true or false' }).optional(),
  /**
   * The student's mark of the day the sender saw (null: none), for marks made offline and sent
   * later; the spec's client never sends it. When given and the day now holds another mark for the
   * student, nothing of the request is saved: the answer is 409 with both (DayMarkConflict).
   */
  was: z
    .enum(RECORDED_ATTENDANCE_STATUSES, { error: 'must be Present, Absent, On leave or null' })
    .nullable()
    .optional(),
});
export type AttendanceRecordInput = z.input<typeof AttendanceRecordInputSchema>;

/**
 * The body of POST /api/mark-attendance. Any `markedBy` a client sends is dropped: the marker is
 * always the signed-in teacher. A student may appear only once per request.
 */
export const MarkAttendanceRequestSchema = z.object({
  // A date before the campus kept records is a typo (0025 for 2025), not a day to mark.
  date: IsoDateSchema.refine((date) => date >= EARLIEST_ATTENDANCE_DATE, {
    error: `must not be before ${EARLIEST_ATTENDANCE_DATE}`,
  }),
  attendanceRecords: z
    .array(AttendanceRecordInputSchema, { error: 'must be a list of { studentId, status }' })
    .min(1, { error: 'must contain at least one record' })
    .max(MAX_ATTENDANCE_RECORDS, { error: `must contain at most ${MAX_ATTENDANCE_RECORDS} records` })
    .superRefine((records, ctx) => {
      const seen = new Set<number>();
      records.forEach((record, index) => {
        if (seen.has(record.studentId)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'studentId'],
            message: `lists student ${record.studentId} more than once`,
          });
        }
        seen.add(record.studentId);
      });
    }),
});
export type MarkAttendanceRequest = z.input<typeof MarkAttendanceRequestSchema>;
export type MarkAttendanceData = z.output<typeof MarkAttendanceRequestSchema>;

/** A mark that replaced another status already recorded for the student on that day. */
export const AttendanceCorrectionSchema = z.object({
  studentId: z.number(),
  from: AttendanceStatusSchema,
  to: AttendanceStatusSchema,
});
export type AttendanceCorrection = z.infer<typeof AttendanceCorrectionSchema>;

export const MarkAttendanceResponseSchema = z.object({
  message: z.string(),
  count: z.number().int().nonnegative(),
  /** Present only when the request corrected marks already recorded (each is in the audit log). */
  corrected: z.array(AttendanceCorrectionSchema).optional(),
  /** The students On leave that day whom the teacher marked anyway (each is in the audit log). */
  overridden: z.array(z.object({ studentId: z.number(), status: AttendanceStatusSchema })).optional(),
  /**
   * The students On leave that day whom the request marked Present or Absent without `overrideLeave`:
   * they were kept On leave, with why. The other marks were saved.
   */
  keptOnLeave: z.array(z.object({ studentId: z.number(), source: z.enum(['leave', 'gatepass']) })).optional(),
});

/** Day marks sent with `was` whose students were marked meanwhile by someone else: theirs and the sender's. */
export const DayMarkConflictSchema = z.object({
  message: z.string(),
  conflicts: z.array(
    z.object({
      studentId: z.number(),
      /** What the sender saw. */
      was: AttendanceStatusSchema.nullable(),
      /** What the day holds now, and when it was marked. */
      theirs: AttendanceStatusSchema.nullable(),
      markedAt: z.string().nullable(),
      /** What the sender would save. */
      yours: AttendanceStatusSchema,
    }),
  ),
});
export type DayMarkConflict = z.infer<typeof DayMarkConflictSchema>;

/** The audit log's line for a request's corrections: "230003 Absent → Present, 230010 Present → Absent". */
export function describeCorrections(corrections: readonly AttendanceCorrection[]): string {
  return corrections.map((c) => `${c.studentId} ${c.from} → ${c.to}`).join(', ');
}
export type MarkAttendanceResponse = z.infer<typeof MarkAttendanceResponseSchema>;

// ---------------------------------------------------------------- GET /api/attendance-marks

/** One group's marks on one day, so a day already marked shows as marked. */
export const AttendanceMarksQuerySchema = z.object({
  group: groupText,
  date: IsoDateSchema,
  limit: limitUpTo(ROSTER_MAX_LIMIT),
  offset,
});
export type AttendanceMarksQuery = z.infer<typeof AttendanceMarksQuerySchema>;

export const AttendanceMarkSchema = z.object({
  studentId: z.number(),
  status: AttendanceStatusSchema,
});
export type AttendanceMark = z.infer<typeof AttendanceMarkSchema>;
export const AttendanceMarksResponseSchema = z.array(AttendanceMarkSchema);

// ---------------------------------------------------------------- GET /api/attendance/:rollNo (params: RollNoParamsSchema)

export const AttendanceHistoryQuerySchema = z.object({
  limit: limitUpTo(ATTENDANCE_HISTORY_MAX_LIMIT),
  offset,
});
export type AttendanceHistoryQuery = z.infer<typeof AttendanceHistoryQuerySchema>;

/** One day of a student's attendance (SPEC §3). */
export const AttendanceRecordSchema = z.object({
  date: z.string(),
  status: AttendanceStatusSchema,
});
export type AttendanceRecord = z.infer<typeof AttendanceRecordSchema>;
export const AttendanceHistoryResponseSchema = z.array(AttendanceRecordSchema);
