import { z } from 'zod';
import { IsoDateSchema } from './common.js';
import {
  ATTENDANCE_WARNING_PERCENT,
  EARLIEST_ATTENDANCE_DATE,
  ON_LEAVE_STATUS,
  RECORDED_ATTENDANCE_STATUSES,
} from './constants.js';

/** How On leave days count in the percentage (see ON_LEAVE_RULES in leave.ts). */
export type OnLeaveCounting = 'exclude' | 'present' | 'absent';

/** At most this many records in one mark-attendance request. */
export const MAX_ATTENDANCE_RECORDS = 1000;
/** The largest page of the student roster (GET /api/students) and of a day's marks; a whole group. */
export const ROSTER_MAX_LIMIT = 500;
/** The largest page of a student's attendance history; without a limit the history comes whole. */
export const ATTENDANCE_HISTORY_MAX_LIMIT = 10_000;

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
   * (approved leave or an approved gate pass); audited. Without it such a mark is refused (409).
   */
  overrideLeave: z.boolean({ error: 'must be true or false' }).optional(),
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
});

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

// ---------------------------------------------------------------- the percentage (SPEC §9)

/** Present / total × 100, rounded to 2 decimals; 0 when there are no records. */
export function attendancePercentageOf(present: number, total: number): number {
  if (total === 0) return 0;
  // Rounding the scaled ratio to an integer first avoids binary artefacts such as 1.005 → 1.
  return Math.round((present * 10_000) / total) / 100;
}

/**
 * The days that count and the days attended, as the campus counts On leave days: left out of the
 * total (`exclude`, the default), as attended (`present`) or as missed (`absent`).
 */
export function attendanceCounts(
  records: readonly { status: string }[],
  onLeave: OnLeaveCounting = 'exclude',
): { present: number; total: number; onLeave: number } {
  let present = 0;
  let leave = 0;
  for (const record of records) {
    if (record.status === 'Present') present += 1;
    else if (record.status === ON_LEAVE_STATUS) leave += 1;
  }
  return {
    present: present + (onLeave === 'present' ? leave : 0),
    total: records.length - (onLeave === 'exclude' ? leave : 0),
    onLeave: leave,
  };
}

/** attendancePercentageOf the records' attended days and the days that count. */
export function attendancePercentage(
  records: readonly { status: string }[],
  onLeave: OnLeaveCounting = 'exclude',
): number {
  const { present, total } = attendanceCounts(records, onLeave);
  return attendancePercentageOf(present, total);
}

export interface AttendanceSummary {
  /** Days attended (On leave days too when the campus counts them as attended). */
  present: number;
  /** Days that count (without On leave days when the campus leaves them out). */
  total: number;
  /** Days On leave, however they count. */
  onLeave: number;
  /** attendancePercentage of the records. */
  percentage: number;
  /** True when some days count and the percentage is below ATTENDANCE_WARNING_PERCENT. */
  belowWarning: boolean;
}

export function attendanceSummary(
  records: readonly { status: string }[],
  onLeave: OnLeaveCounting = 'exclude',
): AttendanceSummary {
  const counts = attendanceCounts(records, onLeave);
  const percentage = attendancePercentageOf(counts.present, counts.total);
  return {
    ...counts,
    percentage,
    belowWarning: counts.total > 0 && percentage < ATTENDANCE_WARNING_PERCENT,
  };
}

/** The percentage as shown: always 2 decimals ("66.67", "0.00"). */
export const formatAttendancePercentage = (percentage: number): string => percentage.toFixed(2);
