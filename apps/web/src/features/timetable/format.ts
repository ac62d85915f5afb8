/**
 * How the timetable's screens write lectures, courses and where a student stands. The home screens'
 * cards use it: it takes only types from the contract, whose schema modules would bring zod along.
 */
import type { CourseState } from '@campus/contract';
import { formatClock, formatCount, formatDecimal } from '../../lib/format';

/** "9:00 am – 10:00 am": a lecture's times on the campus's clock. */
export const lectureTimes = (start: string, end: string) => `${formatClock(start)} – ${formatClock(end)}`;

/** "DBMS (CS301)". */
export const courseLabel = (name: string, code: string) => (name === code ? code : `${name} (${code})`);

/** "82.5" or "80": a count of lectures or a percentage, which a half-counted Late mark may halve. */
export const lectureNumber = (value: number) =>
  Number.isInteger(value) ? formatCount(value) : formatDecimal(value, 1);

/** "82.5%". */
export const percentText = (value: number) => `${lectureNumber(value)}%`;

/** Amber for at risk, red for out of reach (Mantine colours whose light text meets AA). */
export const STATE_COLOR: Record<CourseState, string> = {
  ok: 'green',
  'at-risk': 'yellow',
  unreachable: 'red',
};
