/** Which dates a weekly period is held on: the term's days of its weekday that are not holidays. */
import { addDays, weekdayOf, type TermSettings } from '@campus/contract';

/** Why no lecture of a period is held on a date, or undefined when one is. */
export function notHeld(
  period: { weekday: number; course: string; group: string },
  date: string,
  term: Pick<TermSettings, 'termStart' | 'termEnd'>,
  holiday: string | undefined,
): string | undefined {
  if (date < term.termStart || date > term.termEnd) {
    return `date: ${date} is outside the term (${term.termStart} to ${term.termEnd})`;
  }
  if (holiday !== undefined) return `date: ${date} is a holiday (${holiday})`;
  if (weekdayOf(date) !== period.weekday) {
    return `date: ${period.course} is not taught to ${period.group} on ${date}`;
  }
  return undefined;
}

/**
 * How many lectures each course still holds this term: those of `periods` from `from` (a lecture of
 * that day counts when it starts at or after `afterTime`) to the term's last day, holidays left out.
 */
export function remainingLectures(
  periods: readonly { course: string; weekday: number; start: string }[],
  from: string,
  afterTime: string,
  termEnd: string,
  holidays: ReadonlySet<string>,
): Map<string, number> {
  const remaining = new Map<string, number>();
  for (const p of periods) remaining.set(p.course, remaining.get(p.course) ?? 0);
  for (let day = from; day <= termEnd; day = addDays(day, 1)) {
    if (holidays.has(day)) continue;
    const weekday = weekdayOf(day);
    for (const p of periods) {
      if (p.weekday !== weekday || (day === from && p.start < afterTime)) continue;
      remaining.set(p.course, (remaining.get(p.course) ?? 0) + 1);
    }
  }
  return remaining;
}
