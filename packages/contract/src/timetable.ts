/**
 * The timetable: courses, who teaches which course to which group, the weekly periods of each
 * teaching, and the term with its holidays. Lecture times are the campus's wall clock (campus-clock).
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema, TimeSchema, requiredText } from './common.js';
import { TimeZoneSchema } from './campus-clock.js';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
/** A weekday's name for a number 1 (Monday) … 7 (Sunday). */
export const weekdayName = (weekday: number) => WEEKDAY_NAMES[weekday - 1] ?? String(weekday);

/** How a Late mark counts towards a course's percentage (a campus setting). */
export const LATE_RULES = ['present', 'half', 'absent'] as const;
export type LateRule = (typeof LATE_RULES)[number];

export const CourseCodeSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(2, { error: 'must be 2 to 16 letters, digits or dashes' })
  .max(16, { error: 'must be 2 to 16 letters, digits or dashes' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'must be 2 to 16 letters, digits or dashes' })
  .transform((code) => code.toUpperCase());

const percent = z.coerce
  .number({ error: 'must be a number from 1 to 100' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be a number from 1 to 100' })
  .max(100, { error: 'must be a number from 1 to 100' });

export const CourseInputSchema = z.object({
  code: CourseCodeSchema,
  name: requiredText(100),
  credits: z.coerce
    .number({ error: 'must be a whole number from 0 to 20' })
    .int({ error: 'must be a whole number from 0 to 20' })
    .min(0, { error: 'must be a whole number from 0 to 20' })
    .max(20, { error: 'must be a whole number from 0 to 20' }),
  /** The attendance a student needs in this course; the campus's rule when absent. */
  minPercent: percent.nullable().optional(),
});
export type CourseInput = z.infer<typeof CourseInputSchema>;
export const CourseSchema = z.object({
  code: z.string(),
  name: z.string(),
  credits: z.number(),
  minPercent: z.number().nullable(),
});
export type Course = z.infer<typeof CourseSchema>;
export const CourseCodeParamsSchema = z.object({ code: CourseCodeSchema });

/** Who teaches which course to which group. */
export const TeachingInputSchema = z.object({
  course: CourseCodeSchema,
  group: requiredText(50),
  teacherId: z.coerce
    .number({ error: 'must be a teacher id' })
    .int({ error: 'must be a teacher id' })
    .positive({ error: 'must be a teacher id' }),
});
export type TeachingInput = z.infer<typeof TeachingInputSchema>;

export const PeriodInputSchema = z
  .object({
    course: CourseCodeSchema,
    group: requiredText(50),
    weekday: z.coerce
      .number({ error: 'must be 1 (Monday) to 7 (Sunday)' })
      .int({ error: 'must be 1 (Monday) to 7 (Sunday)' })
      .min(1, { error: 'must be 1 (Monday) to 7 (Sunday)' })
      .max(7, { error: 'must be 1 (Monday) to 7 (Sunday)' }),
    start: TimeSchema,
    end: TimeSchema,
    room: requiredText(30),
    /** Who teaches the course to the group: needed for its first period, and hands it over after. */
    teacherId: z.coerce
      .number({ error: 'must be a teacher id' })
      .int({ error: 'must be a teacher id' })
      .positive({ error: 'must be a teacher id' })
      .optional(),
  })
  .refine((p) => p.start < p.end, { path: ['end'], error: 'must be after start' });
export type PeriodInput = z.infer<typeof PeriodInputSchema>;

/** A weekly period as every reader of the timetable sees it. */
export const PeriodSchema = z.object({
  _id: z.string(),
  course: z.string(),
  courseName: z.string(),
  group: z.string(),
  teacherId: z.number(),
  teacherName: z.string(),
  weekday: z.number(),
  start: z.string(),
  end: z.string(),
  room: z.string(),
});
export type Period = z.infer<typeof PeriodSchema>;
export const PeriodIdParamsSchema = z.object({ id: IdSchema });

export const HolidaySchema = z.object({ date: IsoDateSchema, name: requiredText(100) });
export type Holiday = z.infer<typeof HolidaySchema>;

export const TermSettingsSchema = z
  .object({
    termStart: IsoDateSchema,
    termEnd: IsoDateSchema,
    timeZone: TimeZoneSchema,
    lateCounts: z.enum(LATE_RULES, { error: 'must be present, half or absent' }),
    minPercent: percent,
  })
  .refine((t) => t.termStart <= t.termEnd, { path: ['termEnd'], error: 'must not be before termStart' });
export type TermSettings = z.infer<typeof TermSettingsSchema>;

/** What a clash names: the other period, so that an admin can find it. */
export function clashText(kind: 'group' | 'teacher' | 'room', other: Period): string {
  const who =
    kind === 'group' ? `group ${other.group}` : kind === 'teacher' ? other.teacherName : `room ${other.room}`;
  return `Clash: ${who} already has ${other.course} (${other.group}) on ${weekdayName(other.weekday)} ${other.start}–${other.end} in ${other.room}`;
}

/** Whether two times ranges of one weekday overlap (touching ends do not). */
export const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start < b.end && b.start < a.end;

/** One lecture: a period on a date. */
export const LectureSchema = PeriodSchema.extend({
  date: IsoDateSchema,
  /** Whether the lecture's marks have been saved. */
  marked: z.boolean(),
});
export type Lecture = z.infer<typeof LectureSchema>;

/** A day of the timetable as its reader sees it (GET /api/timetable/day). */
export const TimetableDaySchema = z.object({
  date: z.string(),
  holiday: z.string().nullable(),
  /** False outside the term: no lectures are held. */
  inTerm: z.boolean(),
  lectures: z.array(LectureSchema),
});
export type TimetableDay = z.infer<typeof TimetableDaySchema>;
export const TimetableDayQuerySchema = z.object({ date: IsoDateSchema.optional() });
