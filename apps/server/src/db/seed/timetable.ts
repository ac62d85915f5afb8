/**
 * The term and the weekly grid both seeded campuses share: a term around `today` with a holiday
 * behind and one ahead, six lectures a school day, and a course's standing as the portal counts it.
 */
import { TERM_SETTING_KEYS } from '../term-setting-keys';
import {
  ATTENDANCE_WARNING_PERCENT,
  courseCredit,
  forecast,
  weekdayOf,
  type CourseCounts,
  type CourseState,
  type LateRule,
} from '@campus/contract';

/** A school day's lectures; the last ends before the demo's gate pass at 16:30. */
export const LECTURE_TIMES = [
  { starts: '09:00', ends: '09:50' },
  { starts: '10:00', ends: '10:50' },
  { starts: '11:00', ends: '11:50' },
  { starts: '12:00', ends: '12:50' },
  { starts: '14:00', ends: '14:50' },
  { starts: '15:00', ends: '15:50' },
] as const;
/** Monday to Friday. */
export const SCHOOL_WEEKDAYS = [1, 2, 3, 4, 5] as const;

/**
 * The lecture time of a group's course on a weekday: course `c` of a group of phase `phase` is at
 * slot (c + phase + weekday) mod 6, so each course comes once a school day at an hour that moves
 * from day to day, and two teachings whose c + phase differ (mod 6) are never at the same hour.
 */
export const lectureSlot = (course: number, phase: number, weekday: number) =>
  (course + phase + weekday) % LECTURE_TIMES.length;

/** The seed leaves the campus's clock alone (UTC until an admin chooses a zone). */
const TERM_KEYS = {
  termStart: TERM_SETTING_KEYS.termStart,
  termEnd: TERM_SETTING_KEYS.termEnd,
  lateCounts: TERM_SETTING_KEYS.lateCounts,
  minPercent: TERM_SETTING_KEYS.minPercent,
} as const;

/** The term began this many weeks before the week of `today` and ends this many weeks after it. */
const WEEKS_BEFORE = 14;
const WEEKS_AFTER = 5;

export interface SeedTerm {
  /** The seed's day, YYYY-MM-DD: lectures before it are marked, those after it remain. */
  today: string;
  termStart: string;
  termEnd: string;
  holidays: { date: string; name: string }[];
  lateCounts: LateRule;
  minPercent: number;
}

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The term around `today` (its UTC day): from a Monday 14 weeks back to a Friday 5 weeks on. */
export function seedTerm(today: Date): SeedTerm {
  const day = today.toISOString().slice(0, 10);
  const monday = addDays(day, 1 - weekdayOf(day));
  return {
    today: day,
    termStart: addDays(monday, -7 * WEEKS_BEFORE),
    termEnd: addDays(monday, 7 * WEEKS_AFTER + 4),
    // Before the demo's 30 days of daily attendance, and after its gate passes.
    holidays: [
      { date: addDays(monday, -7 * 9 + 4), name: "Founders' Day" },
      { date: addDays(monday, 7 * 2 + 2), name: 'Harvest Festival' },
    ],
    lateCounts: 'present',
    minPercent: ATTENDANCE_WARNING_PERCENT,
  };
}

/** The school days (Monday to Friday, no holiday) from `from` to `to`, both included. */
export function schoolDays(term: SeedTerm, from: string, to: string): string[] {
  const holidays = new Set(term.holidays.map((h) => h.date));
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (weekdayOf(day) <= 5 && !holidays.has(day)) days.push(day);
  }
  return days;
}

/** The term's school days before today, since `since` when it is later than the term's start. */
export const pastSchoolDays = (term: SeedTerm, since = term.termStart) =>
  schoolDays(term, since > term.termStart ? since : term.termStart, addDays(term.today, -1));

/** How many of the term's school days after today fall on each weekday (index 1 … 7). */
export function remainingByWeekday(term: SeedTerm): number[] {
  const counts = Array.from({ length: 8 }, () => 0);
  for (const day of schoolDays(term, addDays(term.today, 1), term.termEnd)) counts[weekdayOf(day)]!++;
  return counts;
}

/** The campus_settings rows of the term. */
export const termSettingRows = (term: SeedTerm) =>
  (Object.keys(TERM_KEYS) as (keyof typeof TERM_KEYS)[]).map((name) => ({
    key: TERM_KEYS[name],
    value: String(term[name]),
  }));

/**
 * Where a student stands in a course (of the campus's rule: seeded courses set none of their own)
 * after these marks, with `remaining` lectures still to come.
 */
export function courseState(
  course: string,
  counts: CourseCounts,
  remaining: number,
  term: SeedTerm,
): CourseState {
  const { held, attended } = courseCredit(counts, term.lateCounts);
  return forecast(course, held, attended, remaining, term.minPercent).state;
}
