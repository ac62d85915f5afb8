/**
 * The campus's clock on the web: lecture times are the campus's wall clock, so "now" is read in the
 * campus's time zone, never the browser's; and which of a day's lectures is on now or comes next.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { Lecture } from '@campus/contract';
import { localIsoDate } from '../../lib/today';
import { useTermSettings } from './api';
import type * as WallClock from './wall-clock';

export interface CampusClock {
  day: string;
  time: string;
}

/** How often the clock moves on: a lecture turns from Next to Now within half a minute. */
const TICK_MS = 30_000;

/**
 * The contract's clock, loaded once the first card asks for it: the home screens' first paint does
 * without it (and without the zod it brings), and only Now / Next waits for it.
 */
let clock: typeof WallClock | null = null;
let loading: Promise<void> | null = null;

function ticking(onTick: () => void) {
  let listening = true;
  if (!clock) {
    // A failed load (offline, a new version deployed) is forgotten: the next screen tries again.
    loading ??= import('./wall-clock').then(
      (module) => {
        clock = module;
      },
      () => {
        loading = null;
      },
    );
    void loading.then(() => {
      if (listening) onTick();
    });
  }
  const timer = setInterval(onTick, TICK_MS);
  return () => {
    listening = false;
    clearInterval(timer);
  };
}

/**
 * The campus's day and time, kept current; null until the campus's time zone and the clock are
 * known, or when the browser does not know that zone (no lecture is then called Now or Next).
 */
export function useCampusClock(timeZone: string | undefined): CampusClock | null {
  // A string, so that a tick within the same minute renders nothing again.
  const reading = useSyncExternalStore(ticking, () => {
    if (!timeZone || !clock?.isTimeZone(timeZone)) return null;
    const { day, time } = clock.wallClock(Date.now(), timeZone);
    return `${day} ${time}`;
  });
  return useMemo(() => {
    if (reading === null) return null;
    const [day = '', time = ''] = reading.split(' ');
    return { day, time };
  }, [reading]);
}

/**
 * The campus's day in its zone; null until the zone and the clock are known, for a zone the browser
 * does not know, and at the default zone: the server then takes the device's own day (the campus has
 * not said where it is).
 */
function campusDayNow(timeZone: string | undefined): string | null {
  if (!timeZone || !clock || timeZone === clock.DEFAULT_TIME_ZONE || !clock.isTimeZone(timeZone)) return null;
  return clock.wallClock(Date.now(), timeZone).day;
}

/**
 * Today as the campus reads it (YYYY-MM-DD), from the term settings: the day a screen opens on or
 * offers first. The device's day stands in until the campus's zone is known. `steady` keeps the first
 * campus day for the screen's life, so that midnight does not move a screen off the day being worked
 * on; otherwise the day turns at the campus's midnight.
 */
export function useCampusToday(options: { steady?: boolean } = {}): string {
  return useCampusDay(useTermSettings().data?.timeZone, options);
}

/**
 * Today in the campus's zone `timeZone`, as useCampusToday reads it: for a screen that has the zone
 * from elsewhere (a guardian, who may not read the term settings, has it with a child's records).
 */
export function useCampusDay(
  timeZone: string | undefined,
  { steady = false }: { steady?: boolean } = {},
): string {
  // Only a new day renders again: the clock's ticks within a day read the same text.
  const day = useSyncExternalStore(ticking, () => campusDayNow(timeZone));
  const [opened] = useState(localIsoDate);
  const [kept, keep] = useState<string | null>(null);
  if (!steady) return day ?? localIsoDate();
  if (day !== null && kept === null) keep(day);
  return kept ?? day ?? opened;
}

export type LectureMoment = 'now' | 'next';

/**
 * The lecture on at `clock` ("now") or, when none is, the first still to begin ("next"): only on the
 * campus's today. Null when the day is another, or every lecture of it is over.
 */
export function nowOrNext(
  lectures: readonly Pick<Lecture, '_id' | 'date' | 'start' | 'end'>[],
  clock: CampusClock | null,
): { id: string; moment: LectureMoment } | null {
  if (!clock) return null;
  const today = lectures.filter((l) => l.date === clock.day).sort((a, b) => a.start.localeCompare(b.start));
  const now = today.find((l) => l.start <= clock.time && clock.time < l.end);
  if (now) return { id: now._id, moment: 'now' };
  const next = today.find((l) => l.start > clock.time);
  return next ? { id: next._id, moment: 'next' } : null;
}

/** Whether the lecture has begun by `clock`, and so may be marked. Unknown (true) without a clock. */
export function hasBegun(lecture: Pick<Lecture, 'date' | 'start'>, clock: CampusClock | null): boolean {
  if (!clock) return true;
  return lecture.date < clock.day || (lecture.date === clock.day && lecture.start <= clock.time);
}
