/** The contract's campus clock, in a chunk of its own: its module carries zod (a time zone's schema). */
export { isTimeZone, wallClock } from '@campus/contract';
