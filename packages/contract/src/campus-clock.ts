/**
 * The campus's clock: its days and lecture times are read in the campus's time zone (a setting), never
 * in the server's or the browser's. An instant is milliseconds since the epoch; a day is YYYY-MM-DD and
 * a time HH:MM on the campus's wall clock.
 */
import { z } from 'zod';

/** Campus times before the setting was made were the UTC day clock; a campus keeps them until it picks one. */
export const DEFAULT_TIME_ZONE = 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Whether the runtime knows the IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(64, { error: 'must be at most 64 characters' })
  .refine(isTimeZone, { error: 'must be a time zone such as Asia/Kolkata' });

/** The campus wall clock at an instant: its day, its time (HH:MM) and its ISO weekday (1 = Monday). */
export function wallClock(ms: number, zone: string): Readonly<WallClock> {
  // Reading a zone's clock is the slowest step of a lecture's mark and a student's standing: each
  // minute of each zone is read once (the answer is the same for the whole minute).
  const key = `${zone}|${Math.floor(ms / 60_000)}`;
  let clock = recentClocks.get(key);
  if (!clock) {
    const parts: Record<string, string> = {};
    for (const part of formatIn(zone).formatToParts(new Date(ms))) parts[part.type] = part.value;
    const day = `${parts.year}-${parts.month}-${parts.day}`;
    clock = Object.freeze({ day, time: `${parts.hour}:${parts.minute}`, weekday: weekdayOf(day) });
    if (recentClocks.size >= 1024) recentClocks.clear();
    recentClocks.set(key, clock);
  }
  return clock;
}

interface WallClock {
  day: string;
  time: string;
  weekday: number;
}
const recentClocks = new Map<string, Readonly<WallClock>>();

/** The ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The instant at which the campus's wall clock shows `day` `time`. */
export function instantAt(day: string, time: string, zone: string): number {
  const asUtc = Date.parse(`${day}T${time}:00.000Z`);
  // The zone's offset at that moment; a second pass settles a day whose offset changes (summer time).
  let guess = asUtc - offsetAt(asUtc, zone);
  guess = asUtc - offsetAt(guess, zone);
  return guess;
}

function offsetAt(ms: number, zone: string): number {
  const clock = wallClock(ms, zone);
  return Date.parse(`${clock.day}T${clock.time}:00.000Z`) - (ms - (ms % 60_000));
}

/** Today on the campus's clock. */
export const campusToday = (ms: number, zone: string) => wallClock(ms, zone).day;
