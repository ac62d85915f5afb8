/** The contract's campus clock, in a chunk of its own: its module carries zod (a time zone's schema). */
export { DEFAULT_TIME_ZONE, isTimeZone, wallClock } from '@campus/contract';
