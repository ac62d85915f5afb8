/**
 * When an approved gate pass makes its student On leave for a day's attendance: only for the time
 * they are actually out, and only when that time covers the campus's class hours (decision record
 * 0063). Approval alone excuses nothing. Times are the campus's wall clock in its zone (UTC by default).
 */
import { z } from 'zod';
import { TimeSchema } from './common.js';
import { DEFAULT_TIME_ZONE, instantAt } from './campus-clock.js';

/** The part of the day the campus teaches, HH:MM to HH:MM. */
export interface ClassHours {
  classStart: string;
  classEnd: string;
}

export const DEFAULT_CLASS_HOURS: ClassHours = { classStart: '09:00', classEnd: '17:00' };

export const ClassHoursSchema = z
  .object({ classStart: TimeSchema, classEnd: TimeSchema })
  .refine((hours) => hours.classStart < hours.classEnd, {
    path: ['classEnd'],
    error: 'must be after classStart',
  });

/** What of an approved pass tells whether its student was out: its window and its movements. */
export interface PassMovements {
  date: string;
  /** The time of leaving the student gave (HH:MM). */
  time: string;
  returnBy: string | null;
  exitedAt: string | null;
  returnedAt: string | null;
  revokedAt: string | null;
}

/** A pass's date and times are the campus's wall clock. */
const at = (date: string, time: string, zone: string) =>
  zone === DEFAULT_TIME_ZONE ? Date.parse(`${date}T${time}:00.000Z`) : instantAt(date, time, zone);

/** The end of the pass's window: its return time that day, or the end of the day. */
function windowEnd(pass: PassMovements, zone: string): number {
  return pass.returnBy ? at(pass.date, pass.returnBy, zone) : at(pass.date, '23:59', zone) + 60_000;
}

/**
 * When the student was out on the pass, as [from, to] in milliseconds, or undefined when nothing says
 * they were: from the recorded exit to the return (or now, while still out); without a recorded exit,
 * the pass's window once it is past (a campus without a desk records no exits); never before.
 */
export function timeOut(
  pass: PassMovements,
  now: number,
  zone = DEFAULT_TIME_ZONE,
): [number, number] | undefined {
  if (pass.exitedAt) {
    const from = Date.parse(pass.exitedAt);
    const to = pass.returnedAt ? Date.parse(pass.returnedAt) : now;
    return to > from ? [from, to] : undefined;
  }
  if (pass.revokedAt) return undefined;
  const end = windowEnd(pass, zone);
  return now >= end ? [at(pass.date, pass.time, zone), end] : undefined;
}

/** Whether the pass makes its student On leave for a day-level mark of the pass's day. */
export function passExcusesDay(
  pass: PassMovements,
  hours: ClassHours,
  now: number,
  zone = DEFAULT_TIME_ZONE,
): boolean {
  const out = timeOut(pass, now, zone);
  if (!out) return false;
  return out[0] <= at(pass.date, hours.classStart, zone) && out[1] >= at(pass.date, hours.classEnd, zone);
}

/**
 * Whether the pass makes its student On leave for a lecture from `start` to `end` (instants): when
 * the time they were out overlaps it, however briefly (decision record 0081).
 */
export function passCoversLecture(
  pass: PassMovements,
  lecture: { start: number; end: number },
  now: number,
  zone: string,
): boolean {
  const out = timeOut(pass, now, zone);
  return out !== undefined && out[0] < lecture.end && out[1] > lecture.start;
}
