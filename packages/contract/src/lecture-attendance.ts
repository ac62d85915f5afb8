/**
 * Attendance per lecture and per course, and the forecast of the campus's rule (75 % by default):
 * how many of a course's remaining lectures a student must attend to stay at it.
 */
import { z } from 'zod';
import { IsoDateSchema, IdSchema } from './common.js';
import { ON_LEAVE_STATUS } from './constants.js';
import { AttendanceStudentIdSchema } from './attendance.js';
import { LectureSchema, type LateRule } from './timetable.js';

export const LECTURE_STATUSES = ['Present', 'Absent', 'Late', ON_LEAVE_STATUS] as const;
export type LectureStatus = (typeof LECTURE_STATUSES)[number];
/** The most minutes a Late mark may carry: a lecture's length at most. */
export const MAX_LATE_MINUTES = 240;

export const LectureParamsSchema = z.object({ periodId: IdSchema, date: IsoDateSchema });

export const LectureMarkInputSchema = z
  .object({
    studentId: AttendanceStudentIdSchema,
    status: z.enum(LECTURE_STATUSES, { error: 'must be Present, Absent, Late or On leave' }),
    lateMinutes: z.coerce
      .number({ error: 'must be a whole number of minutes' })
      .int({ error: 'must be a whole number of minutes' })
      .min(1, { error: 'must be at least 1' })
      .max(MAX_LATE_MINUTES, { error: `must be at most ${MAX_LATE_MINUTES}` })
      .optional(),
    overrideLeave: z.boolean({ error: 'must be true or false' }).optional(),
    /**
     * The student's mark the sender saw before this change (null: none), for marks made offline and
     * sent later. When given and the lecture now holds another mark for the student, neither this
     * one nor any other of the request is saved: the answer is 409 with both (LectureMarkConflict).
     */
    was: z
      .enum(LECTURE_STATUSES, { error: 'must be Present, Absent, Late, On leave or null' })
      .nullable()
      .optional(),
  })
  .refine((r) => r.status === 'Late' || r.lateMinutes === undefined, {
    path: ['lateMinutes'],
    error: 'is only for a Late mark',
  });
export type LectureMarkInput = z.infer<typeof LectureMarkInputSchema>;

export const LectureMarkRequestSchema = z.object({
  records: z
    .array(LectureMarkInputSchema, { error: 'must be a list of marks' })
    .min(1, { error: 'must not be empty' })
    .max(500, { error: 'must be at most 500 marks' }),
});
export type LectureMarkRequest = z.infer<typeof LectureMarkRequestSchema>;

/** A student on a lecture's roster: their mark, if any, and whether they are away for it and why. */
export const LectureRosterRowSchema = z.object({
  RollNo: z.number(),
  name: z.string(),
  status: z.enum(LECTURE_STATUSES).nullable(),
  lateMinutes: z.number().nullable(),
  away: z.enum(['leave', 'gatepass']).nullable(),
});
export type LectureRosterRow = z.infer<typeof LectureRosterRowSchema>;
export const LectureRosterSchema = z.object({
  lecture: LectureSchema,
  students: z.array(LectureRosterRowSchema),
});
export type LectureRoster = z.infer<typeof LectureRosterSchema>;

export const LectureMarkAnswerSchema = z.object({
  message: z.string(),
  saved: z.number(),
  keptOnLeave: z.array(
    z.object({ studentId: z.number(), source: z.enum(['leave', 'gatepass']), reason: z.string() }),
  ),
  /** Students away for the lecture whom the teacher marked anyway (audited). */
  overridden: z.array(z.object({ studentId: z.number(), status: z.enum(LECTURE_STATUSES) })).optional(),
});
export type LectureMarkAnswer = z.infer<typeof LectureMarkAnswerSchema>;

/** A mark sent with `was` whose student was marked meanwhile by someone else: theirs and the sender's. */
export const LectureMarkConflictSchema = z.object({
  message: z.string(),
  conflicts: z.array(
    z.object({
      studentId: z.number(),
      /** What the sender saw. */
      was: z.enum(LECTURE_STATUSES).nullable(),
      /** What the lecture holds now, and when it was marked. */
      theirs: z.enum(LECTURE_STATUSES).nullable(),
      theirsLateMinutes: z.number().nullable(),
      markedAt: z.string().nullable(),
      /** What the sender would save. */
      yours: z.enum(LECTURE_STATUSES),
    }),
  ),
});
export type LectureMarkConflict = z.infer<typeof LectureMarkConflictSchema>;

/** Lecture marks counted for one student in one course. */
export interface CourseCounts {
  present: number;
  late: number;
  absent: number;
  onLeave: number;
}

/** What a Late earns of a lecture, by the campus's Late rule. */
export const lateCredit = (late: LateRule): number => (late === 'present' ? 1 : late === 'half' ? 0.5 : 0);

/** The lectures that count (On leave does not) and the credit earned, by the campus's Late rule. */
export function courseCredit(counts: CourseCounts, late: LateRule): { held: number; attended: number } {
  return {
    held: counts.present + counts.late + counts.absent,
    attended: counts.present + counts.late * lateCredit(late),
  };
}

export const COURSE_STATES = ['ok', 'at-risk', 'unreachable'] as const;
export type CourseState = (typeof COURSE_STATES)[number];

export interface Forecast {
  /** Lectures of the remaining ones the student must attend; more than `remaining` when out of reach. */
  needed: number;
  state: CourseState;
  text: string;
}

/**
 * What the student must do to end the term at `minPercent` in the course: attend `needed` of the
 * `remaining` lectures. At risk while below the rule now; unreachable when even every remaining
 * lecture would not bring them to it.
 */
export function forecast(
  course: string,
  held: number,
  attended: number,
  remaining: number,
  minPercent: number,
): Forecast {
  const { needed, state } = forecastState(held, attended, remaining, minPercent);
  const lectures = (n: number) => `${n} ${n === 1 ? 'lecture' : 'lectures'}`;
  if (state === 'unreachable') {
    return { needed, state, text: `${minPercent} % in ${course} can no longer be reached` };
  }
  if (remaining === 0) {
    return { needed: 0, state, text: `No ${course} lectures remain this term` };
  }
  if (needed === 0) {
    return {
      needed,
      state,
      text: `${minPercent} % in ${course} is safe, even missing the remaining ${lectures(remaining)}`,
    };
  }
  return {
    needed,
    state,
    text: `Attend ${needed} of the remaining ${remaining} ${course} ${remaining === 1 ? 'lecture' : 'lectures'} to stay at ${minPercent} %`,
  };
}

/** The forecast without its words: what a list sorts and filters by. */
export function forecastState(
  held: number,
  attended: number,
  remaining: number,
  minPercent: number,
): { needed: number; state: CourseState } {
  const total = held + remaining;
  const needed = Math.max(0, Math.ceil((minPercent / 100) * total - attended - 1e-9));
  if (needed > remaining) return { needed, state: 'unreachable' };
  // Compared in whole numbers: 29 of 100 is 28.999… % once divided, and would be below a 29 % rule.
  const state: CourseState = attended * 100 < minPercent * held ? 'at-risk' : 'ok';
  return { needed: remaining === 0 ? 0 : needed, state };
}

/** Where a student stands in one course (GET /api/attendance-courses/{rollNo}). */
export const CourseStandingSchema = z.object({
  course: z.string(),
  courseName: z.string(),
  held: z.number(),
  attended: z.number(),
  percent: z.number(),
  minPercent: z.number(),
  remaining: z.number(),
  needed: z.number(),
  state: z.enum(COURSE_STATES),
  forecast: z.string(),
});
export type CourseStanding = z.infer<typeof CourseStandingSchema>;
export const CourseStandingsSchema = z.object({
  rollNo: z.number(),
  overall: z.object({ held: z.number(), attended: z.number(), percent: z.number() }),
  courses: z.array(CourseStandingSchema),
});
export type CourseStandings = z.infer<typeof CourseStandingsSchema>;

/** A mentor's list of students by risk (GET /api/course-risk): one row per student and course. */
export const CourseRiskQuerySchema = z.object({
  group: z.string().trim().min(1, { error: 'must not be empty' }).max(50).optional(),
  /** Only the rows below the rule or out of reach. */
  atRisk: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const CourseRiskRowSchema = CourseStandingSchema.extend({
  RollNo: z.number(),
  name: z.string(),
  group: z.string(),
});
export type CourseRiskRow = z.infer<typeof CourseRiskRowSchema>;
